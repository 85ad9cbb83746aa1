import { z } from 'zod';
import { ZConnectorAddress, ZConnectorId, ZManagementApiVersion } from './connector';
import { endpointGroup } from './endpoint';
import { isWellFormedText, LONE_SURROGATE_MESSAGE } from './text';

/**
 * The connector an organisation runs in the data space, registered by one of its members in the organisation
 * profile: the marketplace negotiates and receives the data its buyers acquire through it.
 */

const organisationsApi = endpointGroup('organisations');

/** Path parameters of the calls about one organisation's connector. */
export const ZOrganisationConnectorParams = z.object({ organisationId: z.uuid({ message: 'must be a UUID' }) });
export type TOrganisationConnectorParams = z.infer<typeof ZOrganisationConnectorParams>;

/** `PUT /api/organisations/:organisationId/connector`: what a member registers or changes. */
export const ZOrganisationConnectorInput = z
  .object({
    /** The connector's participant id in the data space (EDC: `edc.participant.id`). */
    participantId: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(200, 'must be at most 200 characters')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
      .regex(/^[^\u0000-\u001f\u007f\s]+$/, 'must not contain spaces or control characters')
      .refine(isWellFormedText, LONE_SURROGATE_MESSAGE),
    /** The connector's dataspace protocol (DSP) address, where other participants request its catalog. */
    protocolUrl: ZConnectorAddress,
    /** The base address of its Management API (the part before `/v3/...`). */
    managementUrl: ZConnectorAddress,
    /**
     * Sent as X-Api-Key on management calls; stored encrypted and never shown back. Required the first time;
     * left out on a later save, the stored key stays.
     */
    apiKey: z.string().min(1, 'must not be empty').max(1000).optional(),
    /** Which Management API the connector speaks; `auto` (the default) asks its version API. */
    managementApiVersion: ZManagementApiVersion.default('auto'),
    /**
     * The connector's version API (EDC: its own context, such as `{url}/.well-known/version`), which `auto` asks;
     * without it `auto` speaks v3.
     */
    versionUrl: ZConnectorAddress.optional(),
  })
  .strict();
/** What a form sends (the version may be left out). */
export type TOrganisationConnectorInput = z.input<typeof ZOrganisationConnectorInput>;
/** What the server reads (the version defaulted). */
export type TOrganisationConnectorRequest = z.output<typeof ZOrganisationConnectorInput>;

/** An organisation's registered connector as its members and operators see it: never the API key. */
export const ZOrganisationConnector = z.object({
  /** Its id among the marketplace's connectors (deliveries and the operators' list name it). */
  connectorId: ZConnectorId,
  participantId: z.string(),
  protocolUrl: z.string(),
  managementUrl: z.string(),
  managementApiVersion: ZManagementApiVersion,
  /** The version API `auto` asks, or null when none was given. */
  versionUrl: z.string().nullable(),
  /** Always true: a key is stored (encrypted); it is never shown back, only replaced. */
  hasApiKey: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type TOrganisationConnector = z.infer<typeof ZOrganisationConnector>;

/** One check made on save. */
export const ZOrganisationConnectorCheck = z.object({
  /** `managementApi`: the Management API answered with the key; `catalogRequest`: the connector fetched the
   * marketplace connector's catalog over DSP. */
  name: z.enum(['managementApi', 'catalogRequest']),
  outcome: z.enum(['passed', 'skipped']),
  /** What was checked, or why it was skipped. */
  message: z.string(),
});
export type TOrganisationConnectorCheck = z.infer<typeof ZOrganisationConnectorCheck>;

/** `GET /api/organisations/:organisationId/connector`: the organisation's connector, or null when it has none. */
export const ZOrganisationConnectorResponse = z.object({ connector: ZOrganisationConnector.nullable() });
export type TOrganisationConnectorResponse = z.infer<typeof ZOrganisationConnectorResponse>;

/** The answer of a save: the connector as stored and the checks it passed. */
export const ZOrganisationConnectorSaveResponse = z.object({
  connector: ZOrganisationConnector,
  checks: z.array(ZOrganisationConnectorCheck),
});
export type TOrganisationConnectorSaveResponse = z.infer<typeof ZOrganisationConnectorSaveResponse>;

/** The path of an organisation's connector. */
export function organisationConnectorPath(organisationId: string): string {
  return `/api/organisations/${encodeURIComponent(organisationId)}/connector`;
}

export const organisationConnectorEndpoint = organisationsApi('GET /api/organisations/:organisationId/connector', {
  params: ZOrganisationConnectorParams,
  answer: ZOrganisationConnectorResponse,
  summary: "An organisation's own connector (members and operators)",
  description:
    'Its participant id, addresses and Management API version; whether an API key is stored, never the key. 403 for a user who is neither a member of the organisation nor an operator.',
  errors: [400, 403, 404],
});

export const saveOrganisationConnectorEndpoint = organisationsApi('PUT /api/organisations/:organisationId/connector', {
  params: ZOrganisationConnectorParams,
  body: ZOrganisationConnectorInput,
  answer: ZOrganisationConnectorSaveResponse,
  summary: "Register or change an organisation's own connector (members and operators)",
  description:
    "Every address (the optional version API address `versionUrl` too) passes the connectors' address policy (no loopback, private or link-local address unless CONNECTOR_ALLOWED_HOSTS names the host). Before anything is stored the connector is checked: its Management API must answer with the API key, and it must fetch the catalog of the marketplace's connector (MARKETPLACE_CONNECTOR_ID; skipped, and said so, when none is set). A failed check is 400 naming the field: managementUrl when the connector cannot be reached or is not an EDC Management API, apiKey when the key is refused (401/403), participantId when the catalog request fails. The key is stored encrypted and never shown back. Deliveries to the organisation's members go through this connector.",
  errors: [400, 403, 404],
});

export const removeOrganisationConnectorEndpoint = organisationsApi(
  'DELETE /api/organisations/:organisationId/connector',
  {
    params: ZOrganisationConnectorParams,
    answer: z.null(),
    status: 204,
    summary: "Remove an organisation's own connector (members and operators)",
    description:
      'Deliveries already made keep their state; new requests for access fall back to a connector an operator assigned to the buyer, or answer 409. 404 when the organisation has no connector.',
    errors: [400, 403, 404],
  },
);
