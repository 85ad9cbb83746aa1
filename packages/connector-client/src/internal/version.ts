import { MANAGEMENT_API_VERSIONS, type ManagementApiVersionChoice, type ManagementApiVersionName } from '../constants';
import { ConnectorError, MalformedAnswerError } from '../errors';
import { isNode, list, node, text } from '../json-ld';
import type { ManagementApi } from '../types';
import type { Transport } from './transport';

/**
 * Which Management API version a client speaks. A fixed choice is used as given, at `/v3` or `/v4`. `auto` asks the
 * connector's version API once (`GET {version}/v1/version`, EDC's answer per API context: a list of `{ version,
 * urlPath, lastUpdated, maturity }`), takes the management API's newest stable version whose major the client knows,
 * with its `urlPath`, and keeps the answer for the client's lifetime. Without a version address, or when the version
 * API cannot be reached or names no version the client knows, `auto` speaks v3 at `/v3`: what every connector did
 * before v4, so a connector registered before the version API existed keeps working as it did.
 */
export interface VersionResolver {
  resolve(): Promise<ManagementApi>;
}

const FALLBACK: ManagementApi = { version: 'v3', urlPath: '/v3', source: 'fallback' };

function fixed(version: ManagementApiVersionName): ManagementApi {
  return { version, urlPath: `/${version}`, source: 'configured' };
}

function major(version: string): number | undefined {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(version);
  return match === null ? undefined : Number(match[1]);
}

function compareVersions(a: string, b: string): number {
  const parts = (value: string) => (/^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(value) ?? []).slice(1).map(Number);
  const [left, right] = [parts(a), parts(b)];
  for (let index = 0; index < 3; index++) {
    const difference = (left[index] || 0) - (right[index] || 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Picks the management API's newest stable version the client knows from a version API answer. */
export function pickManagementApi(raw: unknown): ManagementApi | undefined {
  if (!isNode(raw)) throw new MalformedAnswerError('the version API answered no object of API contexts');
  const known = new Set<string>(MANAGEMENT_API_VERSIONS);
  const candidates = list(raw.management)
    .map(node)
    .map((record) => ({
      version: text(record.version) ?? '',
      urlPath: text(record.urlPath) ?? '',
      maturity: text(record.maturity) ?? '',
    }))
    .filter((record) => record.maturity === 'stable' && known.has(`v${major(record.version)}`))
    .sort((a, b) => compareVersions(b.version, a.version));
  const newest = candidates[0];
  if (newest === undefined) return undefined;
  const version = `v${major(newest.version)}` as ManagementApiVersionName;
  const urlPath = newest.urlPath.startsWith('/') ? newest.urlPath : `/${version}`;
  return { version, urlPath: urlPath.replace(/\/+$/, ''), source: 'version-api', release: newest.version };
}

/** A resolver for one client and the clients derived from it (`withBearerToken`), so they ask once between them. */
export function createVersionResolver(choice: ManagementApiVersionChoice, transport: Transport): VersionResolver {
  if (choice !== 'auto') {
    const api = fixed(choice);
    return { resolve: async () => api };
  }
  let answer: Promise<ManagementApi> | undefined;
  const ask = async (): Promise<ManagementApi> => {
    const address = transport.config.addresses.version;
    if (address === undefined || address === '') return FALLBACK;
    try {
      const raw = await transport.json({
        address: 'version',
        method: 'GET',
        path: '/v1/version',
        credentials: 'apiKey',
        call: undefined,
      });
      return pickManagementApi(raw) ?? FALLBACK;
    } catch (error) {
      if (error instanceof ConnectorError) return FALLBACK;
      throw error;
    }
  };
  return {
    resolve: () => {
      answer ??= ask();
      return answer;
    },
  };
}
