import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup as dnsLookupAll } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { ErrorCode } from '@dsm/contracts';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { AppError, type TIssue } from '../../lib/app-error';
import { describeAddressRange, isPublicAddress } from '../../lib/is-public-address';

/**
 * Which addresses the marketplace may call connectors at. Connector URLs come from operators and EDR endpoints from
 * the connectors themselves, so without a rule they could point the server at its own loopback services, the
 * internal network or a cloud metadata service (169.254.169.254). Only public addresses are reached, unless the
 * host is named in CONNECTOR_ALLOWED_HOSTS or is a demo sandbox this process started.
 */
const policy = {
  /** CONNECTOR_ALLOWED_HOSTS: host names or addresses, lower case. */
  allowedHosts: new Set<string>(),
  /** `host:port` of the sandboxes this process runs: only their ports, not the whole loopback interface. */
  sandboxOrigins: new Set<string>(),
};

/** Sets the hosts an operator allowed to resolve to private addresses (CONNECTOR_ALLOWED_HOSTS). */
export function configureConnectorAddressPolicy(options: { allowedHosts: readonly string[] }): void {
  policy.allowedHosts = new Set(options.allowedHosts.map((host) => host.toLowerCase()));
}

/** Lets the marketplace reach a demo sandbox it started on loopback: that host and port only. */
export function allowSandboxConnector(url: string): void {
  policy.sandboxOrigins.add(originOf(new URL(url)));
}

/** Forgets a stopped sandbox, so a later listener on its port is not trusted. */
export function forgetSandboxConnector(url: string): void {
  policy.sandboxOrigins.delete(originOf(new URL(url)));
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

function bareHost(hostname: string): string {
  return hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

function originOf(url: URL): string {
  return `${bareHost(url.hostname)}:${url.port || DEFAULT_PORTS[url.protocol] || ''}`;
}

function isAllowedHost(host: string, port: string): boolean {
  return policy.allowedHosts.has(host) || policy.sandboxOrigins.has(`${host}:${port}`);
}

const ALLOW_HINT = 'CONNECTOR_ALLOWED_HOSTS can allow the host';

/** The reason a connection to this address is refused: the address and its kind. */
function refusal(host: string, address: string): string {
  const where = host === address ? address : `${host} (${address})`;
  return `connector address ${where} is a ${describeAddressRange(address)} address, not a public one; ${ALLOW_HINT}`;
}

/** Raised instead of connecting; its message reaches the caller through the connector error. */
export class ConnectorAddressRefused extends Error {
  readonly code = 'ECONNREFUSED_BY_POLICY';
}

/** Resolves like the system resolver, but fails when any address of a host that is not allowed is not public. */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  const host = bareHost(hostname);
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return (callback as (error: Error) => void)(error);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused)
      return (callback as (error: Error) => void)(new ConnectorAddressRefused(refusal(host, refused.address)));
    if (options.all) return (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, addresses);
    const [first] = addresses;
    return callback(null, first!.address, first!.family);
  });
};

const connectChecked = buildConnector({ lookup: checkedLookup });
const connectAllowed = buildConnector({});

/**
 * Every connection to a connector passes here, also those of redirects: an address given as an IP literal is
 * judged at once, a host name by its resolved addresses (checkedLookup), and the socket then goes to the very
 * addresses that were checked, so a second DNS answer cannot swap in another one.
 */
const connector: buildConnector.connector = (options, callback) => {
  const host = bareHost(options.hostname);
  const port = options.port || DEFAULT_PORTS[options.protocol] || '';
  if (isAllowedHost(host, port)) return connectAllowed(options, callback);
  if (isIP(host) !== 0 && !isPublicAddress(host)) {
    return callback(new ConnectorAddressRefused(refusal(host, host)), null);
  }
  return connectChecked(options, callback);
};

const dispatcher = new Agent({ connect: connector });

/** fetch for connector calls: the global fetch's API, with the address rules on every connection. */
export const connectorFetch: typeof fetch = (input, init) =>
  undiciFetch(
    input as Parameters<typeof undiciFetch>[0],
    { ...init, dispatcher } as Parameters<typeof undiciFetch>[1],
  ) as unknown as Promise<Response>;

const RESOLVE_TIMEOUT_MS = 3_000;

async function resolveAll(host: string): Promise<string[] | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), RESOLVE_TIMEOUT_MS);
  });
  try {
    const found = dnsLookupAll(host, { all: true, verbatim: true }).then(
      (entries) => entries.map((entry) => entry.address),
      () => null,
    );
    return await Promise.race([found, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Why one registered address is refused, or null when it may be used. */
async function problemOf(url: URL): Promise<string | null> {
  // Connector URLs are listed to every user and named in error messages; the API key is the credential.
  if (url.username !== '' || url.password !== '') return 'must not contain a user name or password; use apiKey';
  const host = bareHost(url.hostname);
  if (isAllowedHost(host, url.port || DEFAULT_PORTS[url.protocol] || '')) return null;
  if (isIP(host) !== 0) return isPublicAddress(host) ? null : refusal(host, host);
  // A name that does not resolve now may later; the check at call time covers it then.
  const addresses = await resolveAll(host);
  const refused = addresses?.find((address) => !isPublicAddress(address));
  return refused ? refusal(host, refused) : null;
}

/**
 * Refuses to register a connector whose URL, management or protocol address is (or resolves to) a loopback,
 * private, link-local or other non-public address, unless CONNECTOR_ALLOWED_HOSTS names the host, or carries a
 * user name or password: a 400 whose issues name each field and the problem.
 */
export async function assertConnectorAddressesAllowed(addresses: Record<string, string | undefined>): Promise<void> {
  const issues: TIssue[] = [];
  for (const [field, value] of Object.entries(addresses)) {
    if (value === undefined) continue;
    const problem = await problemOf(new URL(value));
    if (problem) issues.push({ path: `body.${field}`, message: problem });
  }
  if (issues.length > 0) {
    throw new AppError(
      ErrorCode.VALIDATION_FAILED,
      `The connector cannot be registered: ${issues.map((issue) => `${issue.path.slice(5)}: ${issue.message}`).join('; ')}`,
      issues,
    );
  }
}
