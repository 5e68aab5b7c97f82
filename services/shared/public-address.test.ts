// Only public unicast addresses may be fetched; everything that reaches the server's own
// network, or could be translated to it, is refused.
import { expect, test } from 'vitest';
import { isPublicAddress } from './public-address.js';

test.each([
  '127.0.0.1',
  '127.255.255.254',
  '10.0.0.1',
  '10.255.255.255',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '169.254.169.254', // cloud metadata
  '0.0.0.0',
  '100.64.0.1', // carrier-grade NAT
  '224.0.0.1', // multicast
  '255.255.255.255',
  '240.0.0.1', // reserved
  '192.0.2.1', // documentation
  '::1',
  '::',
  'fc00::1',
  'fd12:3456:789a::1',
  'fe80::1',
  'fe80::1%eth0',
  'ff02::1',
  '::ffff:127.0.0.1',
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '2002:7f00:1::1', // 6to4
  '2001:0:4136:e378::1', // teredo
  '64:ff9b::a00:1', // NAT64
  '2001:db8::1', // documentation
  '0x7f000001', // 127.0.0.1 spelled in hex
  '2130706433', // 127.0.0.1 as one number
  'not an address',
  '',
  'example.com',
])('%s is refused', (ip) => {
  expect(isPublicAddress(ip)).toBe(false);
});

test.each([
  '8.8.8.8',
  '1.1.1.1',
  '93.184.215.14',
  '172.32.0.1',
  '172.15.255.255',
  '100.128.0.1',
  '2606:4700::1111',
  '2a00:1450:4001:80b::200e',
  '::ffff:8.8.8.8',
])('%s is public', (ip) => {
  expect(isPublicAddress(ip)).toBe(true);
});
