import { isIP } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, as numbers; an embedded IPv4 tail counts as two. */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.toLowerCase().split('::');
  const part = (text: string | undefined) =>
    (text ? text.split(':') : []).flatMap((group) => {
      if (!group.includes('.')) return [Number.parseInt(group, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
      return [a * 256 + b, c * 256 + d];
    });
  const left = part(head);
  const right = part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The client an address counts as for per-address limits: an IPv4 address itself, an IPv6 address's
 * /64 network. A subscriber is given a /64 (or more) and can use any address in it, so counting
 * single IPv6 addresses would let one person make as many attempts as they like. An IPv4-mapped
 * IPv6 address (`::ffff:203.0.113.7`) is its IPv4 address.
 */
export function clientOf(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * The network an address belongs to, as shown to the account's owner: an IPv4 /24 or an IPv6 /48.
 * Near enough to recognise one's own home or office, never a person's exact address.
 */
export function approximateNetwork(address: string): string {
  const client = clientOf(address);
  if (isIP(client) === 4) return `${client.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIP(address) !== 6) return 'Unknown network';
  const groups = ipv6Groups(address);
  return `${groups
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':')}::/48`;
}
