import { z } from 'zod';
import { endpointGroup } from './endpoint';
import { ZOfferId } from './metadata';

const gatewayApi = endpointGroup('gateway');

/**
 * The API gateway: a buyer of an offer with the Api access type calls `/gateway/{offerId}/...` with a
 * personal API key; the marketplace forwards the call to the supplier's base URL (the endpoint's
 * access URL) with the supplier's own credential, which no buyer ever sees.
 */

/** The headers of one connection (RFC 9110 7.6.1): the gateway passes none of them on, in either direction. */
export const CONNECTION_HEADERS = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
] as const;

/**
 * Header names a supplier credential may not use: the connection's own headers, those the gateway
 * sets itself, and the buyer's key headers (the gateway strips those before adding the credential).
 */
export const RESERVED_CREDENTIAL_HEADERS = [
  ...CONNECTION_HEADERS,
  'content-length',
  'content-type',
  'cookie',
  'expect',
  'host',
  'accept-encoding',
] as const;

/** The rules of a credential, as the API words them (the web translates each by this text). */
export const GATEWAY_CREDENTIAL_RULES = {
  HEADER_NAME: "must be an HTTP header name (letters, digits and !#$%&'*+-.^_`|~)",
  RESERVED: 'is a header the gateway sets itself',
  SECRET: 'must be visible characters and spaces, at most 4096',
  SECRET_REQUIRED: 'is required for a new credential or a changed access URL',
  API_ONLY: 'is only for the Api access type',
} as const;

/** An HTTP header name (RFC 9110 token). */
export const ZHeaderName = z
  .string()
  .trim()
  .min(1, GATEWAY_CREDENTIAL_RULES.HEADER_NAME)
  .max(100, GATEWAY_CREDENTIAL_RULES.HEADER_NAME)
  .regex(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/, GATEWAY_CREDENTIAL_RULES.HEADER_NAME)
  .refine(
    (name) => !(RESERVED_CREDENTIAL_HEADERS as readonly string[]).includes(name.toLowerCase()),
    GATEWAY_CREDENTIAL_RULES.RESERVED,
  );

/**
 * The supplier's credential of an Api endpoint, sent by the gateway with every forwarded call, e.g.
 * `Authorization` with `Bearer …`, or `X-API-Key`. The secret is stored encrypted and never answered:
 * an offer read back carries the header name and `keepFrom`, the endpoint's position then. Saving with
 * `keepFrom` instead of a secret keeps the secret stored at that position (the endpoints table may have
 * changed order), as long as the endpoint's access URL keeps the origin it had; leaving the credential
 * out (or null) removes it.
 */
export const ZGatewayCredentialInput = z
  .object({
    headerName: ZHeaderName,
    /** The header's value: a new secret. */
    secret: z
      .string()
      .min(1, GATEWAY_CREDENTIAL_RULES.SECRET)
      .max(4096, GATEWAY_CREDENTIAL_RULES.SECRET)
      .regex(/^[\x20-\x7e\t]+$/, GATEWAY_CREDENTIAL_RULES.SECRET)
      .optional(),
    /** Instead of a secret: the position, as last read back, of the endpoint whose stored secret is kept. */
    keepFrom: z.number().int().min(0).max(1000).optional(),
  })
  .strict()
  .superRefine((credential, context) => {
    if (credential.secret === undefined && credential.keepFrom === undefined) {
      context.addIssue({ code: 'custom', path: ['secret'], message: GATEWAY_CREDENTIAL_RULES.SECRET_REQUIRED });
    }
  });
export type TGatewayCredentialInput = z.infer<typeof ZGatewayCredentialInput>;

/** One of a buyer's API keys, without the key itself. */
export const ZApiKey = z.object({
  id: z.string(),
  /** The key's first characters, to tell keys apart; the rest is never shown again. */
  prefix: z.string(),
  /** ISO 8601 times. */
  createdAt: z.string(),
  rotatedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Not revoked, and its entitlement is active: the gateway accepts it. */
  isActive: z.boolean(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** `GET /api/acquisitions/:offerId/api-keys`: the buyer's keys of one acquired Api offer. */
export const ZApiKeyListResponse = z.object({
  /** Where the buyer sends calls: append the supplier API's path. */
  gatewayUrl: z.string(),
  /** Whether the buyer's entitlement to the offer is active (keys can be created). */
  isEntitled: z.boolean(),
  keys: z.array(ZApiKey),
});
export type TApiKeyListResponse = z.infer<typeof ZApiKeyListResponse>;

/** A new or rotated key: `secret` is the whole key, shown this once and stored only as a hash. */
export const ZApiKeyIssued = z.object({
  key: ZApiKey,
  secret: z.string(),
  gatewayUrl: z.string(),
});
export type TApiKeyIssued = z.infer<typeof ZApiKeyIssued>;

export const ZApiKeyOfferParams = z.object({ offerId: ZOfferId });
export const ZApiKeyParams = z.object({ offerId: ZOfferId, keyId: z.guid({ message: 'must be a UUID' }) });

/** The path of a buyer's keys of one offer, for clients. */
export const apiKeysPath = (offerId: string): string => `/api/acquisitions/${encodeURIComponent(offerId)}/api-keys`;

/** The headers a buyer's key may come in. */
export const GATEWAY_KEY_HEADER = 'X-API-Key';

export const apiKeyListEndpoint = gatewayApi('GET /api/acquisitions/:offerId/api-keys', {
  params: ZApiKeyOfferParams,
  answer: ZApiKeyListResponse,
  summary: 'Your API keys of an acquired Api offer, and its gateway URL',
  description: 'The keys themselves are never shown again after creation or rotation; their prefixes tell them apart.',
  errors: [400, 403, 404],
});

export const apiKeyCreateEndpoint = gatewayApi('POST /api/acquisitions/:offerId/api-keys', {
  params: ZApiKeyOfferParams,
  answer: ZApiKeyIssued,
  status: 201,
  summary: 'Create your API key for an acquired Api offer (shown this once)',
  description:
    'Needs an active entitlement to the offer (403 otherwise). One key per acquisition is active at a time: 409 while one is; rotate or revoke it.',
  errors: [400, 403, 404, 409],
});

export const apiKeyRotateEndpoint = gatewayApi('POST /api/acquisitions/:offerId/api-keys/:keyId/rotate', {
  params: ZApiKeyParams,
  answer: ZApiKeyIssued,
  summary: 'Rotate one of your API keys: the old key stops working, the new one is shown this once',
  errors: [400, 403, 404, 409],
});

export const apiKeyRevokeEndpoint = gatewayApi('DELETE /api/acquisitions/:offerId/api-keys/:keyId', {
  params: ZApiKeyParams,
  answer: ZApiKey,
  summary: 'Revoke one of your API keys for good',
  errors: [400, 403, 404],
});
