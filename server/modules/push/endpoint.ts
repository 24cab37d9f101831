// Where a push may go: an https URL of a public host, never the operator's own network. A
// subscription's endpoint is the browser's word, so it is checked when stored (its literal address
// and what its name resolves to) and again on every send, on the address actually connected to
// (a name that resolved to a public address when stored may point inside later: DNS rebinding).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export const ENDPOINT_MSG = {
  malformed: '푸시 주소가 올바르지 않습니다.',
  https: '푸시 주소는 https 주소여야 합니다.',
  private: '푸시 주소가 내부망이나 이 서버를 가리킵니다. 브라우저의 공개 푸시 서비스 주소만 쓸 수 있습니다.',
  unresolved: '푸시 주소의 서버를 찾을 수 없습니다. 잠시 후 다시 시도해 주세요.',
} as const;

/** An endpoint refused by where it points: never sent to, never retried. */
export class EndpointRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EndpointRefused';
  }
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * True for a globally routable unicast address. Loopback, private (RFC 1918), link-local,
 * unique-local, CGNAT (100.64/10), multicast, unspecified, broadcast, documentation and other
 * reserved ranges, and IPv6 forms that carry an IPv4 address (6to4, Teredo, NAT64) are not;
 * an IPv4-mapped IPv6 address counts as its IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  // Only 2000::/3 is assigned for global unicast; the rest (IPv4-compatible ::a.b.c.d among it)
  // is reported as plain unicast by ipaddr.js.
  if (ip.kind() === 'ipv6' && !ip.match(GLOBAL_UNICAST_V6)) return false;
  return ip.range() === 'unicast';
}

/** The resolver both checks use: the system's (getaddrinfo, as connections do); tests stand in a name server's answers. */
export const pushDns: { lookup: typeof dnsLookup } = { lookup: dnsLookup };

const isLoopbackV4 = (address: string) => address === '127.0.0.1' || address === '::ffff:127.0.0.1';

export interface EndpointPolicy {
  /** PUSH_ALLOW_HTTP_LOOPBACK (tests): http://127.0.0.1:* is allowed too. */
  allowHttpLoopback: boolean;
}

/** The URL's host without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** True when the test-only loopback exception applies to this URL. */
export const loopbackAllowed = (url: URL, policy: EndpointPolicy) => policy.allowHttpLoopback && url.protocol === 'http:' && url.hostname === '127.0.0.1';

/** Checks the URL itself (scheme, credentials, a literal address); throws EndpointRefused. */
export function checkEndpointUrl(endpoint: string, policy: EndpointPolicy): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new EndpointRefused(ENDPOINT_MSG.malformed);
  }
  if (url.username || url.password) throw new EndpointRefused(ENDPOINT_MSG.malformed);
  if (loopbackAllowed(url, policy)) return url;
  if (url.protocol !== 'https:') throw new EndpointRefused(ENDPOINT_MSG.https);
  // The URL parser has already turned 0x7f.1, 2130706433 and the like into dotted form.
  const host = hostOf(url);
  if (isIP(host) && !isPublicAddress(host)) throw new EndpointRefused(ENDPOINT_MSG.private);
  if (!host.includes('.') && !isIP(host)) throw new EndpointRefused(ENDPOINT_MSG.private);
  return url;
}

/** A resolved or connected address is acceptable for this URL. */
export const addressAllowed = (address: string, url: URL, policy: EndpointPolicy) =>
  isPublicAddress(address) || (loopbackAllowed(url, policy) && isLoopbackV4(address));

/** Resolves the URL's host (as the send will) and refuses when any of its addresses is not public. */
export async function checkEndpointResolves(url: URL, policy: EndpointPolicy): Promise<void> {
  const host = hostOf(url);
  if (isIP(host)) {
    if (!addressAllowed(host, url, policy)) throw new EndpointRefused(ENDPOINT_MSG.private);
    return;
  }
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
    pushDns.lookup(host, { all: true }, (err, list) => (err ? reject(new EndpointRefused(ENDPOINT_MSG.unresolved)) : resolve(list))),
  );
  if (addresses.length === 0) throw new EndpointRefused(ENDPOINT_MSG.unresolved);
  if (addresses.some((a) => !addressAllowed(a.address, url, policy))) throw new EndpointRefused(ENDPOINT_MSG.private);
}

/**
 * A lookup for the sending agent: resolves as Node does and refuses the connection when any
 * address of the name is not public, so the socket only ever opens to an address checked here.
 */
export function publicLookup(url: URL, policy: EndpointPolicy): LookupFunction {
  return (hostname, options, callback) => {
    pushDns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as LookupAddress[];
      if (list.length === 0 || list.some((a) => !addressAllowed(a.address, url, policy))) {
        return callback(Object.assign(new EndpointRefused(ENDPOINT_MSG.private), { code: 'EPUSHREFUSED' }), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
