// Name resolution that refuses private addresses. Node connects to exactly the addresses this
// returns, so the check cannot be dodged by a name that resolves differently a moment later
// (DNS rebinding).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './address-policy.js';
import { linkErrors } from './fetch-errors.js';

export function guardedLookup(resolve: LookupFunction = dnsLookup as LookupFunction, allowPrivate = false): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, result, family) => {
      if (error) return callback(error, '', 0);
      const addresses: LookupAddress[] = Array.isArray(result) ? result : [{ address: result, family: family ?? isIP(result) }];
      if (addresses.length === 0) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      // Any private address among them is enough to refuse: the connection may use any of them.
      if (!allowPrivate && !addresses.every((a) => isPublicAddress(a.address))) return callback(linkErrors.blocked(), '', 0);
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
