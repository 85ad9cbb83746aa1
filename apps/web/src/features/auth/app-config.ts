import type { TAppConfig, TOperator, TProviderMetadata } from '@dsm/contracts';

/** Where the server hands out the app settings (`appConfigEndpoint.path` of the contracts). */
export const APP_CONFIG_PATH = '/app-config.json';

const OPERATOR_TEXT_FIELDS = ['company', 'address', 'register', 'vatId', 'email', 'phone'] as const;
const CONFIG_TEXT_FIELDS = ['clientId', 'userRole', 'rolesClaim'] as const;
const METADATA_URL_FIELDS = [
  'issuer',
  'authorization_endpoint',
  'token_endpoint',
  'userinfo_endpoint',
  'end_session_endpoint',
  'jwks_uri',
] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The issuer's endpoints when every one the app uses is a URL and they belong to the configured
 * issuer; otherwise undefined, and the app fetches the discovery document as it would without them.
 */
function readMetadata(value: unknown, issuer: string): TProviderMetadata | undefined {
  if (!isRecord(value) || value.issuer !== issuer) return undefined;
  if (METADATA_URL_FIELDS.some((field) => !isUrl(value[field]))) return undefined;
  const pick = (field: (typeof METADATA_URL_FIELDS)[number]) => value[field] as string;
  return {
    issuer: pick('issuer'),
    authorization_endpoint: pick('authorization_endpoint'),
    token_endpoint: pick('token_endpoint'),
    userinfo_endpoint: pick('userinfo_endpoint'),
    end_session_endpoint: pick('end_session_endpoint'),
    jwks_uri: pick('jwks_uri'),
    ...(isUrl(value.revocation_endpoint) && { revocation_endpoint: value.revocation_endpoint }),
  };
}

/**
 * Checks the app settings against the shape of the contracts' ZAppConfig without zod: this runs
 * before the first page, and zod with every schema is about 50 KB gzip that the boot path would
 * otherwise download and run first (docs/performance.md). A test keeps the two in step. Only the
 * issuer's endpoints are read more leniently than the contract: a broken block is left out.
 */
export function parseAppConfig(value: unknown): TAppConfig {
  if (!isRecord(value) || !isUrl(value.issuer) || typeof value.isEmbeddedIdp !== 'boolean') {
    throw new TypeError('The app settings are not in the expected form.');
  }
  const operator = value.operator;
  if (
    CONFIG_TEXT_FIELDS.some((field) => typeof value[field] !== 'string') ||
    !isRecord(operator) ||
    OPERATOR_TEXT_FIELDS.some((field) => typeof operator[field] !== 'string') ||
    typeof operator.isDemo !== 'boolean' ||
    !isRecord(operator.legalDates) ||
    typeof operator.legalDates.privacyPolicy !== 'string' ||
    typeof operator.legalDates.terms !== 'string'
  ) {
    throw new TypeError('The app settings are not in the expected form.');
  }
  const pick = (field: (typeof OPERATOR_TEXT_FIELDS)[number]) => operator[field] as string;
  const presented: TOperator = {
    company: pick('company'),
    address: pick('address'),
    register: pick('register'),
    vatId: pick('vatId'),
    email: pick('email'),
    phone: pick('phone'),
    isDemo: operator.isDemo,
    legalDates: { privacyPolicy: operator.legalDates.privacyPolicy, terms: operator.legalDates.terms },
  };
  const metadata = readMetadata(value.metadata, value.issuer);
  return {
    issuer: value.issuer,
    clientId: value.clientId as string,
    userRole: value.userRole as string,
    rolesClaim: value.rolesClaim as string,
    isEmbeddedIdp: value.isEmbeddedIdp,
    operator: presented,
    ...(metadata && { metadata }),
  };
}

let pending: Promise<TAppConfig> | null = null;

/**
 * The app settings, fetched once per page load (index.html preloads them, so the request is under
 * way while the scripts download). A failure is not kept: the next call asks again.
 */
export function loadAppConfig(): Promise<TAppConfig> {
  pending ??= fetch(APP_CONFIG_PATH)
    .then(async (response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return parseAppConfig(await response.json());
    })
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}
