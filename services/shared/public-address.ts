// The server calls addresses that users or admins typed (Space links, identity providers, push
// services): only ordinary public unicast ones, never loopback, private ranges, link-local, cloud
// metadata or ranges that tunnel to them.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export function isPublicAddress(ip: string): boolean {
  try {
    // process() turns IPv4-mapped IPv6 (::ffff:127.0.0.1) into the IPv4 address it carries.
    // Every other named range (6to4, teredo, NAT64, documentation, ...) can tunnel or translate
    // to an address we would refuse, or is not routable at all.
    return ipaddr.process(ip).range() === 'unicast';
  } catch {
    return false;
  }
}

/**
 * Name resolution that refuses private addresses, for a socket's `lookup`. Node connects to
 * exactly the addresses this returns, so the check cannot be dodged by a name that resolves
 * differently a moment later (DNS rebinding). `refused` makes the error the caller reports.
 */
export function publicOnlyLookup(refused: () => Error, resolve: LookupFunction = dnsLookup as LookupFunction, allowPrivate = false): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, result, family) => {
      if (error) return callback(error, '', 0);
      const addresses: LookupAddress[] = Array.isArray(result) ? result : [{ address: result, family: family ?? isIP(result) }];
      if (addresses.length === 0) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      // Any private address among them is enough to refuse: the connection may use any of them.
      if (!allowPrivate && !addresses.every((a) => isPublicAddress(a.address))) return callback(refused(), '', 0);
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
