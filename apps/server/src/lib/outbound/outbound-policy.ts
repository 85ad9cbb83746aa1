import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { describeAddressRange, isPublicAddress } from '../is-public-address';

/**
 * The one address policy of everything the server fetches (connectors, link checks, harvest sources). A URL from
 * an operator, a catalogue or a connector could point the server at its own loopback services, the internal
 * network or a cloud metadata service (169.254.169.254); so only public addresses are reached, unless the host is
 * on the allow list of that purpose (CONNECTOR_ALLOWED_HOSTS, LINK_CHECK_ALLOWED_HOSTS, HARVEST_ALLOWED_HOSTS) or
 * is an origin the process itself serves (the demo sandboxes), or is the product's own origin while it serves its
 * demo data (`configureOwnOrigin`). The rule is applied when an address is given (`problemOf`) and again at every
 * connection, redirect hop and DNS answer (`fetch`, `resolveTarget`).
 */

/** One address a host name resolved to. */
export type TResolvedAddress = { address: string; family: number };

export type TOutboundPolicyOptions = {
  /** What the addresses are for, as refusals name it: 'connector', 'harvest source', 'link'. */
  purpose: string;
  /** The setting that allows a host, as refusals name it: 'CONNECTOR_ALLOWED_HOSTS'. */
  allowSetting: string;
  /** Host names or addresses that may resolve to non-public addresses. */
  allowedHosts?: readonly string[];
  /** Resolves a host name to every address it has; defaults to the system resolver. */
  resolve?: (hostname: string) => Promise<TResolvedAddress[]>;
};

export type TOutboundPolicy = {
  /** Replaces the allow list (from the configuration). */
  setAllowedHosts(hosts: readonly string[]): void;
  /** Allows one `host:port` of a URL, not the whole host: a sandbox this process serves on loopback. */
  allowOrigin(url: string): void;
  /** Forgets an origin allowed before, so a later listener on its port is not trusted. */
  forgetOrigin(url: string): void;
  /**
   * Why this address may not be used, in words naming the rule, or null when it may. A name that does not
   * resolve now is not refused: it may later, and the check at connection time covers it then.
   */
  problemOf(url: string | URL): Promise<string | null>;
  /**
   * The addresses to connect to for a URL, after the rule: throws OutboundAddressRefused for a refused one and
   * the resolver's error for a name that does not resolve. Callers connect to these very addresses.
   */
  resolveTarget(url: URL): Promise<TResolvedAddress[]>;
  /** The global fetch's API, with the rule checked at every connection, redirect hop and DNS answer. */
  fetch: typeof fetch;
};

/** Raised instead of connecting to a refused address; its message names the address, its kind and the setting. */
export class OutboundAddressRefused extends Error {
  readonly code = 'ECONNREFUSED_BY_POLICY';
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };
const RESOLVE_TIMEOUT_MS = 3_000;

/** A host as a bare name or address: lower case, IPv6 brackets removed. */
export function bareHost(hostname: string): string {
  return hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

/** `host:port` of the product's own origin while it serves its demo data; null otherwise. */
let ownOrigin: string | null = null;

const originOf = (url: URL) => `${bareHost(url.hostname)}:${url.port || DEFAULT_PORTS[url.protocol] || ''}`;

/**
 * The own-origin rule, shared by every policy of the process: in the embedded demo the product serves its demo data
 * under its own address (PUBLIC_URL), and its seeded offers point there, so link checks, previews, downloads and
 * deliveries must reach it although PUBLIC_URL is a loopback or private address. Exactly that host name (or address)
 * and port opens, as PUBLIC_URL writes it: another port of the same host, another name of the same address and a
 * redirect from the own origin elsewhere are judged as before. `null` closes it again (the default).
 */
export function configureOwnOrigin(publicUrl: string | null): void {
  ownOrigin = publicUrl === null ? null : originOf(new URL(publicUrl));
}

/** True when `url` is at the product's own origin and `configureOwnOrigin` opened it. */
export function isOwnOrigin(url: URL): boolean {
  return ownOrigin !== null && ownOrigin === originOf(url);
}

const systemResolve = async (hostname: string): Promise<TResolvedAddress[]> =>
  dnsLookup(hostname, { all: true, verbatim: true });

/** Creates the policy of one purpose; see the module comment. */
export function createOutboundPolicy(options: TOutboundPolicyOptions): TOutboundPolicy {
  let allowedHosts = new Set((options.allowedHosts ?? []).map((host) => host.toLowerCase()));
  const allowedOrigins = new Set<string>();
  const resolve = options.resolve ?? systemResolve;

  const isAllowed = (host: string, port: string) =>
    allowedHosts.has(host) || allowedOrigins.has(`${host}:${port}`) || ownOrigin === `${host}:${port}`;

  const refusal = (host: string, address: string) => {
    const where = host === address ? address : `${host} (${address})`;
    const range = describeAddressRange(address);
    return (
      `${options.purpose} address ${where} is ${/^[aeiou]/.test(range) ? 'an' : 'a'} ${range} address, not a public one; ` +
      `${options.allowSetting} can allow the host`
    );
  };

  /** The first refused address of a host's addresses, as a refusal; null when all are public. */
  const judge = (host: string, addresses: readonly TResolvedAddress[]): string | null => {
    // Every address counts: a name with one public and one private record is refused too.
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    return refused ? refusal(host, refused.address) : null;
  };

  const resolveTarget = async (url: URL): Promise<TResolvedAddress[]> => {
    const host = bareHost(url.hostname);
    const family = isIP(host);
    const addresses = family !== 0 ? [{ address: host, family }] : await resolve(host);
    if (isAllowed(host, url.port || DEFAULT_PORTS[url.protocol] || '')) return addresses;
    const problem = judge(host, addresses);
    if (problem) throw new OutboundAddressRefused(problem);
    return addresses;
  };

  /** A lookup through the policy's resolver that, when `isChecked`, fails when any address of the host is not public. */
  const lookupOf =
    (isChecked: boolean): LookupFunction =>
    (hostname, lookupOptions, callback) => {
      const host = bareHost(hostname);
      const fail = callback as (error: Error) => void;
      resolve(host).then((addresses) => {
        const problem = isChecked ? judge(host, addresses) : null;
        if (problem) return fail(new OutboundAddressRefused(problem));
        const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const usable = wanted === 0 ? addresses : addresses.filter((entry) => entry.family === wanted);
        if (usable.length === 0) return fail(Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' }));
        // Node asks for every address when it tries IPv4 and IPv6 in turn (autoSelectFamily).
        if (lookupOptions.all)
          return (callback as unknown as (error: null, all: TResolvedAddress[]) => void)(null, usable);
        const [first] = usable;
        return callback(null, first!.address, first!.family);
      }, fail);
    };

  let dispatcher: Agent | null = null;
  /**
   * Every connection passes here, those of redirects too: an IP literal is judged at once, a host name by its
   * resolved addresses (lookupOf), and the socket then goes to the very addresses that were checked, so a
   * second DNS answer cannot swap in another one.
   */
  const agent = (): Agent => {
    if (dispatcher) return dispatcher;
    const connectChecked = buildConnector({ lookup: lookupOf(true) });
    const connectAllowed = buildConnector({ lookup: lookupOf(false) });
    const connect: buildConnector.connector = (connectOptions, callback) => {
      const host = bareHost(connectOptions.hostname);
      const port = connectOptions.port || DEFAULT_PORTS[connectOptions.protocol] || '';
      if (isAllowed(host, port)) return connectAllowed(connectOptions, callback);
      if (isIP(host) !== 0 && !isPublicAddress(host)) {
        return callback(new OutboundAddressRefused(refusal(host, host)), null);
      }
      return connectChecked(connectOptions, callback);
    };
    dispatcher = new Agent({ connect });
    return dispatcher;
  };

  const resolveWithTimeout = async (host: string): Promise<TResolvedAddress[] | null> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((done) => {
      timer = setTimeout(() => done(null), RESOLVE_TIMEOUT_MS);
    });
    try {
      return await Promise.race([resolve(host).catch(() => null), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    setAllowedHosts(hosts) {
      allowedHosts = new Set(hosts.map((host) => host.toLowerCase()));
    },
    allowOrigin(url) {
      allowedOrigins.add(originOf(new URL(url)));
    },
    forgetOrigin(url) {
      allowedOrigins.delete(originOf(new URL(url)));
    },
    async problemOf(given) {
      let url: URL;
      try {
        url = typeof given === 'string' ? new URL(given) : given;
      } catch {
        return 'must be an http or https URL';
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http or https URL';
      const host = bareHost(url.hostname);
      if (isAllowed(host, url.port || DEFAULT_PORTS[url.protocol] || '')) return null;
      if (isIP(host) !== 0) return isPublicAddress(host) ? null : refusal(host, host);
      const addresses = await resolveWithTimeout(host);
      return addresses ? judge(host, addresses) : null;
    },
    resolveTarget,
    fetch: (input, init) =>
      undiciFetch(
        input as Parameters<typeof undiciFetch>[0],
        { ...init, dispatcher: agent() } as Parameters<typeof undiciFetch>[1],
      ) as unknown as Promise<Response>,
  };
}
