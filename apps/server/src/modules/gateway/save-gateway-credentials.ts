import { ErrorCode, GATEWAY_CREDENTIAL_RULES, type TAssetInfo } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { replaceCredentials, selectCredentials } from './credentials-repository';
import { gatewaySecrets } from './gateway-secrets';

/** The stored endpoints of an offer before an edit, by position: what a kept credential must still match. */
export type TPreviousEndpoint = { accessUrl: string | null };

export type TSaveGatewayCredentialsOptions = {
  db: TDb;
  offerId: string;
  endpoints: readonly Pick<TAssetInfo, 'accessUrl' | 'gatewayCredential'>[];
  /** The endpoints as stored before this save; empty for a new offer. */
  previous: readonly TPreviousEndpoint[];
};

const originOf = (url: string | null): string | null => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/**
 * Stores the credentials of an offer's endpoints as the wizard sent them, in the caller's transaction:
 * a secret given is encrypted and stored, `keepFrom` keeps the secret stored for the endpoint that was at
 * that position, and an endpoint without a credential has none. A kept secret never follows an endpoint to
 * another origin: its URL's origin must be the one it was stored for, else the secret is asked for again
 * (400), so a changed URL cannot send the supplier's credential to a host it was not meant for.
 */
export async function saveGatewayCredentials(options: TSaveGatewayCredentialsOptions): Promise<void> {
  const stored = new Map((await selectCredentials(options.db, options.offerId)).map((row) => [row.position, row]));
  const rows = options.endpoints.flatMap((endpoint, position) => {
    const credential = endpoint.gatewayCredential;
    if (!credential) return [];
    if (credential.secret !== undefined) {
      return [
        { position, header_name: credential.headerName, secret_sealed: gatewaySecrets.encrypt(credential.secret) },
      ];
    }
    const from = credential.keepFrom ?? -1;
    const kept = stored.get(from);
    const before = options.previous[from];
    if (!kept || !before || originOf(before.accessUrl) !== originOf(endpoint.accessUrl)) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, 'The credential of an endpoint needs its secret', [
        {
          path: `body.endpoints.${position}.gatewayCredential.secret`,
          message: GATEWAY_CREDENTIAL_RULES.SECRET_REQUIRED,
        },
      ]);
    }
    return [{ position, header_name: credential.headerName, secret_sealed: kept.secret_sealed }];
  });
  await replaceCredentials(options.db, options.offerId, rows);
}

/** The header names of an offer's stored credentials by endpoint position; the secrets stay sealed. */
export async function findCredentialHeaders(db: TDb, offerId: string): Promise<Map<number, string>> {
  return new Map((await selectCredentials(db, offerId)).map((row) => [row.position, row.header_name]));
}
