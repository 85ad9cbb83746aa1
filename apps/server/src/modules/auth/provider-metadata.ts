import { type TProviderMetadata, ZProviderMetadata } from '@dsm/contracts';
import type { TConfig } from '../../config/config';
import { KEYCLOAK_ROUTES } from '../../idp/create-provider';

/** How long an external issuer's discovery document is used before it is read again. */
const METADATA_MAX_AGE_MS = 60 * 60 * 1000;
/** Least time between two attempts after a failed read, so an unreachable issuer is not asked on every request. */
const RETRY_AFTER_MS = 30 * 1000;
const DISCOVERY_TIMEOUT_MS = 5_000;

/** The embedded provider's endpoints: its routes under the issuer, the same its discovery document names. */
export function embeddedProviderMetadata(issuer: string): TProviderMetadata {
  return {
    issuer,
    authorization_endpoint: `${issuer}${KEYCLOAK_ROUTES.authorization}`,
    token_endpoint: `${issuer}${KEYCLOAK_ROUTES.token}`,
    userinfo_endpoint: `${issuer}${KEYCLOAK_ROUTES.userinfo}`,
    end_session_endpoint: `${issuer}${KEYCLOAK_ROUTES.end_session}`,
    jwks_uri: `${issuer}${KEYCLOAK_ROUTES.jwks}`,
    revocation_endpoint: `${issuer}${KEYCLOAK_ROUTES.revocation}`,
  };
}

/** Reads an external issuer's discovery document; null when it cannot be read or lacks an endpoint the app needs. */
export async function fetchProviderMetadata(issuer: string): Promise<TProviderMetadata | null> {
  try {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const parsed = ZProviderMetadata.safeParse(await response.json());
    // A document naming another issuer is not this issuer's; the app then discovers for itself.
    return parsed.success && parsed.data.issuer === issuer ? parsed.data : null;
  } catch {
    return null;
  }
}

export type TProviderMetadataSource = {
  /** The endpoints known now, without waiting; undefined while they are not (yet) known. */
  current(): TProviderMetadata | undefined;
};

/**
 * The issuer's endpoints for /app-config.json. The embedded provider's are known at once; an
 * external issuer's are read in the background from its discovery document and kept for an hour,
 * so the settings, which every page load waits for, never wait for the issuer.
 */
export function createProviderMetadataSource(
  config: Pick<TConfig, 'issuer' | 'isEmbeddedIdp'>,
  fetchMetadata: (issuer: string) => Promise<TProviderMetadata | null> = fetchProviderMetadata,
  now: () => number = Date.now,
): TProviderMetadataSource {
  if (config.isEmbeddedIdp) {
    const metadata = embeddedProviderMetadata(config.issuer);
    return { current: () => metadata };
  }
  let known: TProviderMetadata | undefined;
  let nextReadAt = 0;
  let isReading = false;
  const read = () => {
    if (isReading || now() < nextReadAt) return;
    isReading = true;
    void fetchMetadata(config.issuer).then((metadata) => {
      isReading = false;
      if (metadata) known = metadata;
      nextReadAt = now() + (metadata ? METADATA_MAX_AGE_MS : RETRY_AFTER_MS);
    });
  };
  read();
  return {
    current: () => {
      read();
      return known;
    },
  };
}
