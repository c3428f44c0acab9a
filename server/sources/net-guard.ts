import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';
import { SourceError } from './types.js';

/**
 * What the server may fetch for a source: http and https only, and never an address inside the
 * install's own network (private, loopback, link-local, unique-local, CGNAT, multicast,
 * unspecified, reserved), so a source's URL, or a redirect it answers with, cannot make Herald
 * read a metadata service or an internal admin page (SSRF). SOURCES_ALLOW_PRIVATE=1 lifts the
 * address check (intranet feeds, tests on loopback); the scheme check always holds.
 *
 * The check happens at connect time: the HTTP client's undici Agent resolves names through
 * `guardedLookup`, which refuses a bad address before a socket opens. Checking a name first and
 * connecting later would resolve it twice, and a DNS server answering a public address to the
 * check and a private one to the connection (DNS rebinding) would get through. Node skips the
 * lookup for IP literals, so `checkUrl` checks those before every request and redirect hop.
 */

/** The setting that lifts the address check, named in each refusal: sources' by default, deliveries' for webhooks. */
export type AllowSetting = 'SOURCES_ALLOW_PRIVATE' | 'DELIVERY_ALLOW_PRIVATE';
const allowHint = (setting: AllowSetting) => `(set ${setting}=1 to allow)`;

const RANGE_WORDS: Record<string, string> = {
  private: 'a private',
  loopback: 'a loopback',
  linkLocal: 'a link-local',
  uniqueLocal: 'a unique-local',
  carrierGradeNat: 'a carrier-grade NAT',
  multicast: 'a multicast',
  unspecified: 'an unspecified',
  broadcast: 'a broadcast',
  reserved: 'a reserved',
};

function ipv4FromBytes(bytes: number[]): ipaddr.IPv4 {
  return new ipaddr.IPv4(bytes);
}

/** The range an address belongs to, looking through IPv6 forms that carry an IPv4 address. */
function rangeOf(address: ipaddr.IPv4 | ipaddr.IPv6): string {
  if (address.kind() === 'ipv4') return address.range();
  const v6 = address as ipaddr.IPv6;
  const bytes = v6.toByteArray();
  const range = v6.range();
  if (range === 'ipv4Mapped') return rangeOf(v6.toIPv4Address());
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) reach the IPv4 address they embed.
  if (range === 'rfc6052') return rangeOf(ipv4FromBytes(bytes.slice(12)));
  if (range === '6to4') return rangeOf(ipv4FromBytes(bytes.slice(2, 6)));
  // ::a.b.c.d (deprecated IPv4-compatible) and the rest of ::/8 are not public unicast.
  if (range === 'unicast' && bytes[0] === 0) return bytes.slice(0, 12).every((b) => b === 0) ? rangeOf(ipv4FromBytes(bytes.slice(12))) : 'reserved';
  return range;
}

/** Null for a public unicast address; otherwise what it is, for a message ("a private address"). */
export function addressProblem(address: string): string | null {
  const plain = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(plain)) return 'not an IP address';
  const range = rangeOf(ipaddr.parse(plain));
  if (range === 'unicast') return null;
  return `${RANGE_WORDS[range] ?? `a special-purpose (${range})`} address`;
}

function refusal(host: string, address: string, problem: string, setting: AllowSetting = 'SOURCES_ALLOW_PRIVATE'): SourceError {
  const what = host === address ? `${address} is ${problem}` : `${host} resolves to ${address}, ${problem}`;
  return new SourceError(`Refused: ${what} ${allowHint(setting)}`, 'forbidden_address');
}

/**
 * The URL parsed, when Herald may fetch it: http(s) only; an IP literal host must be public
 * unless private addresses are allowed. The URL parser has already read odd IPv4 spellings
 * (127.1, 0x7f.1, 2130706433) as the dotted address, so they are checked as such.
 */
export function checkUrl(url: string, allowPrivate: boolean, setting: AllowSetting = 'SOURCES_ALLOW_PRIVATE'): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new SourceError(`Refused: "${url}" is not a valid URL`, 'forbidden_address');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new SourceError(`Refused: ${parsed.protocol} URLs are not fetched (http and https only)`, 'forbidden_address');
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && ipaddr.isValid(host)) {
    const problem = addressProblem(host);
    if (problem) throw refusal(host, host, problem, setting);
  }
  return parsed;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that fails with a `forbidden_address` SourceError when any address of the name is not public (the refusal names `setting`). */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback, setting: AllowSetting = 'SOURCES_ALLOW_PRIVATE'): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    for (const { address } of addresses) {
      const problem = addressProblem(address);
      if (problem) return callback(refusal(hostname, address, problem, setting) as unknown as NodeJS.ErrnoException, []);
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}

const agents = new Map<AllowSetting, Agent>();

/** One connection pool per setting for every guarded client: the lookup above runs for each new connection. */
export function guardedDispatcher(setting: AllowSetting = 'SOURCES_ALLOW_PRIVATE'): Agent {
  let agent = agents.get(setting);
  if (!agent) agents.set(setting, (agent = new Agent({ connect: { lookup: (hostname, options, callback) => guardedLookup(hostname, options, callback, setting) } })));
  return agent;
}

/** The SourceError a failed fetch carries somewhere in its cause chain (a refused address). */
export function sourceErrorIn(error: unknown): SourceError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof SourceError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Why an address is refused when a source or a delivery target is added (null: it is not): a
 * scheme other than http(s), or, unless private addresses are allowed, a host that is or resolves
 * to an address inside the install's own network. A name that does not resolve now is left to the
 * connection (the connect-time check holds).
 */
export async function reachRefusal(url: string, allowPrivate: boolean, setting: AllowSetting = 'SOURCES_ALLOW_PRIVATE'): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = checkUrl(url, allowPrivate, setting);
  } catch (error) {
    return (error as Error).message;
  }
  if (allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) return null;
  const addresses = await dns.promises.lookup(host, { all: true }).catch(() => []);
  for (const { address } of addresses) {
    const problem = addressProblem(address);
    if (problem) return refusal(host, address, problem, setting).message;
  }
  return null;
}

/** Why a source's address is refused when it is added: reachRefusal, or a user name or password in it (never fetched, and it would be stored, shown and logged). */
export async function addressRefusal(url: string, allowPrivate: boolean): Promise<string | null> {
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) return 'An address may not carry a user name or password: they would be stored and shown in the clear. Use a feed address without them.';
  } catch {
    return `Refused: "${url}" is not a valid URL`;
  }
  return reachRefusal(url, allowPrivate);
}
