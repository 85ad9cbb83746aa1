import type { FastifyInstance } from 'fastify';
import type { ManagementApiVersion } from './management';

/** One API version as EDC's version API lists it. */
interface VersionRecord {
  version: string;
  urlPath: string;
  lastUpdated: string;
  maturity: 'stable' | 'beta' | 'alpha';
}

/** The management API versions the sandbox serves, as EDC's releases name them (3.1.6 is the last v3, 4.1.0 v4's). */
const MANAGEMENT_RECORDS: Record<ManagementApiVersion, VersionRecord> = {
  v3: { version: '3.1.6', urlPath: '/v3', lastUpdated: '2026-04-13T00:00:00Z', maturity: 'stable' },
  v4: { version: '4.1.0', urlPath: '/v4', lastUpdated: '2026-07-23T09:43:01Z', maturity: 'stable' },
};

/**
 * EDC's version API on its own context: `GET /v1/version` answers, per API context, the versions served there with
 * their `urlPath`, so a client can tell which Management API to speak.
 */
export function versionRoutes(
  versions: ManagementApiVersion[],
  authenticate: (headers: Record<string, string | string[] | undefined>) => Promise<void>,
) {
  return async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => authenticate(request.headers));
    app.get('/v1/version', async () => ({
      management: versions.map((version) => MANAGEMENT_RECORDS[version]),
      version: [{ version: '1.0.1', urlPath: '/v1', lastUpdated: '2025-10-02T09:12:45Z', maturity: 'stable' }],
    }));
  };
}
