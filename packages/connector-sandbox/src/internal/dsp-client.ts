import type { SandboxContext } from './context';
import { badGateway, badRequest, HttpError, unauthorized } from './http-errors';
import { fetchWithoutRedirects, RedirectRefused } from './outbound';
import { DSPACE_CONTEXT_URL, EDC_NAMESPACE, ODRL_NAMESPACE } from './vocabulary';

/** The protocols the sandbox speaks, with the path each adds to a DSP address. */
const PROTOCOL_PATHS: Record<string, string> = {
  'dataspace-protocol-http': '',
  'dataspace-protocol-http:2025-1': '/2025-1',
};

/** The JSON-LD context of DSP messages between sandboxes. */
export const DSP_CONTEXT = [DSPACE_CONTEXT_URL, { odrl: ODRL_NAMESPACE, edc: EDC_NAMESPACE }];

/**
 * DSP calls between sandboxes carry the caller's participant id in this Authorization scheme. A test double trusts
 * what a caller declares; real connectors present verifiable credentials instead.
 */
const IDENTITY_SCHEME = 'SandboxParticipant';

export function identityHeader(participantId: string): string {
  return `${IDENTITY_SCHEME} ${participantId}`;
}

/** The calling participant of a DSP request, or a 401. */
export function callerIdentity(authorization: string | undefined): string {
  const match = authorization?.match(/^SandboxParticipant (.+)$/);
  if (!match?.[1]) throw unauthorized();
  return match[1];
}

/** Refuses, with a 400, a protocol the sandbox does not speak. */
export function checkProtocol(protocol: string): void {
  if (PROTOCOL_PATHS[protocol] === undefined) {
    throw badRequest(
      `protocol '${protocol}' is not supported; use ${Object.keys(PROTOCOL_PATHS).join(' or ')}`,
      'protocol',
      protocol,
    );
  }
}

/** This sandbox's own DSP address for `protocol`, as it gives it to a counter-party for its answers. */
export function ownDspAddress(address: string, protocol: string): string {
  checkProtocol(protocol);
  return address.replace(/\/+$/, '') + PROTOCOL_PATHS[protocol];
}

/**
 * A URL at a counter-party's DSP address. EDC uses the address as given, with the protocol version's path already
 * in it when the counter-party wants one (`.../protocol/2025-1`); it never adds one of its own.
 */
export function dspUrl(address: string, path: string): string {
  return address.replace(/\/+$/, '') + path;
}

/** The error a failed DSP call raised: the counter-party's own 4xx, or a 502 when it could not be reached. */
export class DspCallError extends HttpError {}

/** Sends a DSP message as this participant and answers the parsed body (undefined when empty). */
export async function sendDsp(
  context: SandboxContext,
  url: string,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchWithoutRedirects(context.fetch, url, {
      method: init.method ?? 'POST',
      headers: {
        authorization: identityHeader(context.participantId),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.any([context.scheduler.signal, AbortSignal.timeout(10_000)]),
    });
  } catch (error) {
    if (error instanceof RedirectRefused) throw badGateway(`counter-party at ${url} ${error.message}`);
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
    throw badGateway(`counter-party at ${url} could not be reached: ${reason}`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    const status = response.status >= 400 && response.status < 500 ? response.status : 502;
    // Never its body: what a counter-party says is not passed on to whoever asked this connector.
    throw new DspCallError(status, 'CounterPartyError', `counter-party at ${url} answered ${response.status}`);
  }
  const text = await response.text();
  return text.trim() === '' ? undefined : JSON.parse(text);
}
