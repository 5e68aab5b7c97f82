// Address ranges in CIDR notation (IPv4 and IPv6), checked with ipaddr.js rather than by hand.
import ipaddr from 'ipaddr.js';

/** Parses `10.0.0.0/8, 2001:db8::/32`; a bare address is its own /32 or /128. Throws a message naming the bad part. */
export function parseCidrList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((part) => {
      try {
        const [addr, bits] = part.includes('/') ? ipaddr.parseCIDR(part) : [ipaddr.parse(part), ipaddr.parse(part).kind() === 'ipv4' ? 32 : 128];
        return `${addr.toString()}/${bits}`;
      } catch {
        throw new Error(`"${part}" is not an address range like 192.0.2.0/24 or 2001:db8::/32`);
      }
    });
}

/** Whether `address` (as Node reports it, IPv4-mapped IPv6 included) is inside one of `ranges`. */
export function inRanges(address: string | undefined, ranges: readonly string[]): boolean {
  if (!address || ranges.length === 0 || !ipaddr.isValid(address)) return false;
  let addr = ipaddr.parse(address);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) addr = (addr as ipaddr.IPv6).toIPv4Address();
  return ranges.some((r) => {
    const [net, bits] = ipaddr.parseCIDR(r);
    return net.kind() === addr.kind() && addr.match(net, bits);
  });
}
