// Which IP addresses a Space's link may be fetched from: only ordinary public unicast ones, so a
// link cannot reach the server's own network (loopback, private ranges, cloud metadata, ...).
import ipaddr from 'ipaddr.js';

export function isPublicAddress(ip: string): boolean {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() turns IPv4-mapped IPv6 (::ffff:127.0.0.1) into the IPv4 address it carries.
    address = ipaddr.process(ip);
  } catch {
    return false;
  }
  // Every other named range (6to4, teredo, NAT64, documentation, ...) can tunnel or translate
  // to an address we would refuse, or is not routable at all.
  return address.range() === 'unicast';
}
