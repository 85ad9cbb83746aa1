import { z } from 'zod';
import { endpointGroup } from './endpoint';
import { ZWellFormedText } from './text';

/**
 * Connectors (EDC) known to the marketplace, the offers mapped from their contract definitions for the test page,
 * and the upload of such an offer into the catalogue.
 */

const connectorsApi = endpointGroup('connectors');

/** A connector id: the last path segment of its URL, for example `provider` in `http://host:1234/provider`. */
export const ZConnectorId = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._~-]{0,99}$/,
    "must be a URL path segment: a letter or digit, then up to 99 letters, digits, '.', '_', '~' or '-'",
  );
export type TConnectorId = z.infer<typeof ZConnectorId>;

/** An offer id as a connector names its contract definitions: any text without control characters. */
export const ZConnectorOfferId = ZWellFormedText.min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
  .regex(/^[^\u0000-\u001f\u007f]+$/, 'must not contain control characters');

/** A connector as the portal lists it; its id is the last path segment of `url`. */
export const ZConnector = z.object({
  name: z.string(),
  url: z.string(),
});
export type TConnector = z.infer<typeof ZConnector>;

/** `GET /api/connectors`: the connectors, by name. */
export const ZConnectorListResponse = z.object({ dtos: z.array(ZConnector) });
export type TConnectorListResponse = z.infer<typeof ZConnectorListResponse>;

/** An asset of a connector offer, chosen by the contract definition's assets selector. */
export const ZConnectorAsset = z.object({
  id: z.string(),
  /** The asset's `name` property, or its id when it has none. */
  name: z.string(),
  /** The media type of its data (the asset's `contenttype` property), when stated. */
  type: z.string().nullable(),
  /** How the connector reaches the data: the data address type, for example `HttpData`. */
  connectionType: z.string(),
  /** Where the data is read from (`baseUrl` of the data address), when the data address has one. */
  baseUrl: z.string().nullable(),
  /**
   * True when the asset stands for an endpoint of a paid catalogue offer the caller neither supplies nor is entitled
   * to: its `baseUrl` is withheld (null).
   */
  isAccessRestricted: z.boolean(),
});
export type TConnectorAsset = z.infer<typeof ZConnectorAsset>;

/** A permission, prohibition or obligation of a policy, as the connector states it. */
export const ZConnectorPolicyRule = z.object({
  action: z.string(),
  target: z.string().optional(),
  /** ODRL constraints: `{leftOperand, operator, rightOperand}` or `{operator: 'and'|'or'|..., constraints}`. */
  constraints: z.array(z.unknown()),
});
export type TConnectorPolicyRule = z.infer<typeof ZConnectorPolicyRule>;

/** A policy of a connector offer: the policy definition the contract definition names. */
export const ZConnectorPolicy = z.object({
  /** The policy definition's id, as the contract definition names it. */
  definitionId: z.string(),
  /** The ODRL policy's own id, or the definition id when the policy has none. */
  id: z.string(),
  /** The definition id: EDC policy definitions carry no name of their own. */
  name: z.string(),
  /** What the policy allows, forbids and demands, in words; says so when the connector lacks the definition. */
  description: z.string(),
  /** When the definition was created (epoch milliseconds), when the connector says. */
  createdAt: z.number().nullable(),
  permissions: z.array(ZConnectorPolicyRule),
  prohibitions: z.array(ZConnectorPolicyRule),
  obligations: z.array(ZConnectorPolicyRule),
});
export type TConnectorPolicy = z.infer<typeof ZConnectorPolicy>;

/** An offer mapped from one contract definition of a connector. */
export const ZConnectorOffer = z.object({
  /** The contract definition id. */
  id: z.string(),
  /** The names of its assets, or the contract definition id when it selects none. */
  name: z.string(),
  accessType: z.literal('DATA'),
  contentType: z.literal('DIRECT'),
  assets: z.array(ZConnectorAsset),
  accessPolicies: z.array(ZConnectorPolicy),
  contractPolicies: z.array(ZConnectorPolicy),
});
export type TConnectorOffer = z.infer<typeof ZConnectorOffer>;

/** Path parameters of the calls about one connector. */
export const ZConnectorParams = z.object({ connectorId: ZConnectorId });
export type TConnectorParams = z.infer<typeof ZConnectorParams>;

/** `GET /api/connectors/:connectorId/offers`: the connector's offers, by id. */
export const ZConnectorOfferListResponse = z.object({
  connector: ZConnector.extend({ id: ZConnectorId }),
  offers: z.array(ZConnectorOffer),
});
export type TConnectorOfferListResponse = z.infer<typeof ZConnectorOfferListResponse>;

/** `POST /api/metadata`: which connector offer to put into the catalogue. The server reads the offer itself. */
export const ZConnectorOfferUploadRequest = z
  .object({
    connectorId: ZConnectorId,
    offerId: ZConnectorOfferId,
  })
  .strict();
export type TConnectorOfferUploadRequest = z.infer<typeof ZConnectorOfferUploadRequest>;

/** The catalogue offer an upload created. */
export const ZConnectorOfferUploadResponse = z.object({
  /** The catalogue offer's id (`/offer/details/{id}`); the same connector offer always gets the same id. */
  id: z.uuid(),
  /** Its title, which search finds it by. */
  title: z.string(),
});
export type TConnectorOfferUploadResponse = z.infer<typeof ZConnectorOfferUploadResponse>;

/** The path of one connector's offers. */
export function connectorOffersPath(connectorId: string): string {
  return `/api/connectors/${encodeURIComponent(connectorId)}/offers`;
}

/** The connector id of a connector URL: its last non-empty path segment, or null when the path has none. */
export function connectorIdOf(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const segment = path.split('/').filter(Boolean).at(-1);
  if (segment === undefined) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return ZConnectorId.safeParse(decoded).success ? decoded : null;
}

/** An http(s) address of a connector. */
/** A connector address: an http or https URL of at most 2,000 characters. */
export const ZConnectorAddress = z.url({ protocol: /^https?$/, message: 'must be an http or https URL' }).max(2000);

/**
 * The EDC Management API version the marketplace speaks to a connector: `v3`, `v4`, or `auto`, which asks the
 * connector's version API (`versionUrl`) for the newest stable version the marketplace knows and speaks v3 when there
 * is no version address or it cannot be reached.
 */
export const MANAGEMENT_API_VERSIONS = ['v3', 'v4', 'auto'] as const;
export const ZManagementApiVersion = z.enum(MANAGEMENT_API_VERSIONS, { message: "must be 'v3', 'v4' or 'auto'" });
export type TManagementApiVersion = z.infer<typeof ZManagementApiVersion>;

/**
 * `POST /api/connectors` (operators): registers a connector. Its id is the last path segment of `url`; the
 * management and protocol addresses default to `{url}/management` and `{url}/protocol`.
 */
export const ZConnectorRegistrationRequest = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(200),
    url: ZConnectorAddress.refine(
      (url) => connectorIdOf(url) !== null,
      'must end in a path segment naming the connector, for example https://edc.example.org/my-connector',
    ),
    managementUrl: ZConnectorAddress.optional(),
    protocolUrl: ZConnectorAddress.optional(),
    /** Sent as X-Api-Key on management calls; stored encrypted and never shown back. */
    apiKey: z.string().min(1).max(1000).optional(),
    /** The Management API version to speak (`auto` when left out). */
    managementApiVersion: ZManagementApiVersion.optional(),
    /** EDC's version API, on a context of its own (e.g. `{url}/.well-known/version`); what `auto` asks. */
    versionUrl: ZConnectorAddress.optional(),
    /**
     * The participant's federated catalog (EDC's Federated Catalog, queried at `{federatedCatalogUrl}/v1alpha/catalog/query`):
     * when given, the crawl reads the catalogs it answers instead of requesting the connector's DSP catalog.
     */
    federatedCatalogUrl: ZConnectorAddress.optional(),
  })
  .strict();
export type TConnectorRegistrationRequest = z.infer<typeof ZConnectorRegistrationRequest>;

/** A registered connector as operators see it; the API key is never shown back, only whether there is one. */
export const ZRegisteredConnector = ZConnector.extend({
  id: ZConnectorId,
  managementUrl: z.string(),
  protocolUrl: z.string(),
  hasApiKey: z.boolean(),
  /** The Management API version spoken to it (`auto`: asked of its version API). */
  managementApiVersion: ZManagementApiVersion,
  /** Its version API, or null when none was given (then `auto` speaks v3). */
  versionUrl: z.string().nullable(),
  /** The participant's federated catalog the crawl queries, or null when the crawl requests the DSP catalog. */
  federatedCatalogUrl: z.string().nullable(),
  /** A demo connector the server runs itself; removed and registered again by the server. */
  isSandbox: z.boolean(),
});
export type TRegisteredConnector = z.infer<typeof ZRegisteredConnector>;

export const connectorListEndpoint = connectorsApi('GET /api/connectors', {
  answer: ZConnectorListResponse,
  summary: 'The connectors the marketplace knows',
  description: "Name and URL of each connector, by name; a connector's id is the last path segment of its URL.",
  errors: [],
});

export const connectorOffersEndpoint = connectorsApi('GET /api/connectors/:connectorId/offers', {
  params: ZConnectorParams,
  answer: ZConnectorOfferListResponse,
  summary: "A connector's offers, mapped from its contract definitions",
  description:
    "Reads the contract definitions, the assets each selects and the policy definitions from the connector's management API. 404 for an unknown connector, 503 when it cannot be reached, 504 when it does not answer within CONNECTOR_TIMEOUT_MS, 502 when it answers with a failure or with something that is not a Management API answer. The data address of an asset the marketplace published for a paid offer is withheld (`isAccessRestricted`) unless the caller supplies the offer or holds an active entitlement to it.",
  errors: [400, 404, 502, 503, 504],
});

export const connectorOfferUploadEndpoint = connectorsApi('POST /api/metadata', {
  body: ZConnectorOfferUploadRequest,
  answer: ZConnectorOfferUploadResponse,
  status: 201,
  summary: 'Upload a connector offer into the catalogue',
  description:
    'Reads the named offer from the connector and creates a catalogue offer from it, found by search at once. The same connector offer always gets the same catalogue id: uploading it again answers 409 naming that offer.',
  errors: [400, 404, 409, 502, 503, 504],
});

export const connectorRegisterEndpoint = connectorsApi('POST /api/connectors', {
  body: ZConnectorRegistrationRequest,
  answer: ZRegisteredConnector,
  status: 201,
  summary: 'Register a connector (operators)',
  description:
    "Needs the operator role (PRODUCT_ID followed by _OPERATOR). The API key is stored encrypted (AES-256-GCM) and never shown back. `managementApiVersion` (v3, v4 or auto, the default) names the EDC Management API to speak; auto asks the connector's version API at `versionUrl` and speaks v3 without one. 409 when the id (the last path segment of the URL) or the URL is taken.",
  errors: [400, 403, 409],
});

export const connectorRemoveEndpoint = connectorsApi('DELETE /api/connectors/:connectorId', {
  params: ZConnectorParams,
  answer: z.null(),
  status: 204,
  summary: 'Remove a registered connector (operators)',
  description:
    'Needs the operator role (PRODUCT_ID followed by _OPERATOR). 404 for an unknown id, 409 for a demo sandbox.',
  errors: [403, 404, 409],
});
