import { isIP } from 'node:net';

/*
 * Which addresses a server-side fetch may connect to. Private, loopback, link-local (cloud
 * metadata at 169.254.169.254), carrier-grade NAT, multicast, reserved and unspecified ranges are
 * refused, in IPv4 and IPv6, including IPv6 forms that embed an IPv4 address (mapped, compatible,
 * NAT64, 6to4), so `::ffff:127.0.0.1` is refused like `127.0.0.1`.
 */

type V4Range = readonly [first: number, prefix: number, label: string];

const V4_BLOCKED: V4Range[] = [
  [ipv4ToInt('0.0.0.0'), 8, 'an unspecified address'],
  [ipv4ToInt('10.0.0.0'), 8, 'a private address'],
  [ipv4ToInt('100.64.0.0'), 10, 'a carrier-grade NAT address'],
  [ipv4ToInt('127.0.0.0'), 8, 'a loopback address'],
  [ipv4ToInt('169.254.0.0'), 16, 'a link-local address'],
  [ipv4ToInt('172.16.0.0'), 12, 'a private address'],
  [ipv4ToInt('192.0.0.0'), 24, 'a reserved address'],
  [ipv4ToInt('192.168.0.0'), 16, 'a private address'],
  [ipv4ToInt('198.18.0.0'), 15, 'a reserved address'],
  [ipv4ToInt('224.0.0.0'), 4, 'a multicast address'],
  [ipv4ToInt('240.0.0.0'), 4, 'a reserved address'],
];

function ipv4ToInt(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function inV4Range(value: number, [first, prefix]: V4Range): boolean {
  const size = 2 ** (32 - prefix);
  return value >= first && value < first + size;
}

/** The 8 groups of an IPv6 address (with any dotted IPv4 tail folded in). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = ipv4ToInt(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups].map((g) =>
    parseInt(g, 16),
  );
}

function v4FromGroups(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * Why the address must not be reached, as words a person can read ("a loopback address"), or
 * null when it is a public address.
 */
export function blockedAddressReason(address: string): string | null {
  const family = isIP(address);
  if (family === 4) {
    const value = ipv4ToInt(address);
    return V4_BLOCKED.find((range) => inV4Range(value, range))?.[2] ?? null;
  }
  if (family !== 6) return 'not an IP address';
  const g = ipv6Groups(address);
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const firstSix = [g0, g1, g2, g3, g4, g5];
  if (firstSix.every((x) => x === 0)) {
    if (g6 === 0 && g7 === 0) return 'an unspecified address';
    if (g6 === 0 && g7 === 1) return 'a loopback address';
    // IPv4-compatible (deprecated) ::a.b.c.d
    return blockedAddressReason(v4FromGroups(g6, g7));
  }
  // IPv4-mapped ::ffff:a.b.c.d and NAT64 64:ff9b::a.b.c.d reach the embedded IPv4 address.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) {
    return blockedAddressReason(v4FromGroups(g6, g7));
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return blockedAddressReason(v4FromGroups(g6, g7));
  }
  // 6to4 2002:a.b.c.d::/48 embeds an IPv4 address in groups 1 and 2.
  if (g0 === 0x2002) return blockedAddressReason(v4FromGroups(g1, g2));
  if ((g0 & 0xfe00) === 0xfc00) return 'a private address';
  if ((g0 & 0xffc0) === 0xfe80) return 'a link-local address';
  if ((g0 & 0xffc0) === 0xfec0) return 'a site-local address';
  if ((g0 & 0xff00) === 0xff00) return 'a multicast address';
  return null;
}
