import { ErrorCode } from '@dsm/contracts';
import { AppError, type TIssue } from '../../lib/app-error';
import { createOutboundPolicy } from '../../lib/outbound/outbound-policy';

/**
 * Which addresses the marketplace may call connectors at: the outbound policy with CONNECTOR_ALLOWED_HOSTS and the
 * demo sandboxes this process started. Connector URLs come from operators, EDR endpoints and counter-party
 * addresses from connectors and users, so every one of them passes here.
 */
const policy = createOutboundPolicy({ purpose: 'connector', allowSetting: 'CONNECTOR_ALLOWED_HOSTS' });

/** Sets the hosts an operator allowed to resolve to private addresses (CONNECTOR_ALLOWED_HOSTS). */
export function configureConnectorAddressPolicy(options: { allowedHosts: readonly string[] }): void {
  policy.setAllowedHosts(options.allowedHosts);
}

/** Lets the marketplace reach a demo sandbox it started on loopback: that host and port only. */
export function allowSandboxConnector(url: string): void {
  policy.allowOrigin(url);
}

/** Forgets a stopped sandbox, so a later listener on its port is not trusted. */
export function forgetSandboxConnector(url: string): void {
  policy.forgetOrigin(url);
}

/** fetch for connector calls: the global fetch's API, with the address rules on every connection. */
export const connectorFetch: typeof fetch = policy.fetch;

/** Why one connector address is refused, or null when it may be used. */
export async function connectorAddressProblem(value: string): Promise<string | null> {
  // Connector URLs are listed to every user and named in error messages; the API key is the credential.
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an http or https URL';
  }
  if (url.username !== '' || url.password !== '') return 'must not contain a user name or password; use apiKey';
  return policy.problemOf(url);
}

/**
 * Refuses addresses that are (or resolve to) a loopback, private, link-local or other non-public address, unless
 * CONNECTOR_ALLOWED_HOSTS names the host or it is a sandbox of this process, or that carry a user name or
 * password: a 400 whose issues name each field and the problem. `what` starts the message ("The connector cannot
 * be registered").
 */
export async function assertConnectorAddressesAllowed(
  addresses: Record<string, string | undefined>,
  what = 'The connector cannot be registered',
): Promise<void> {
  const issues: TIssue[] = [];
  for (const [field, value] of Object.entries(addresses)) {
    if (value === undefined) continue;
    const problem = await connectorAddressProblem(value);
    if (problem) issues.push({ path: `body.${field}`, message: problem });
  }
  if (issues.length > 0) {
    throw new AppError(
      ErrorCode.VALIDATION_FAILED,
      `${what}: ${issues.map((issue) => `${issue.path.slice(5)}: ${issue.message}`).join('; ')}`,
      issues,
    );
  }
}
