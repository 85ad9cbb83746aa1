/**
 * The vocabularies the sandbox writes: the management answers' context as an EDC connector writes it, and the
 * dataspace protocol's. Reading JSON-LD is the client's module (`@dsm/connector-client/json-ld`).
 */
import { EDC_NAMESPACE, MANAGEMENT_CONTEXT_V2, ODRL_NAMESPACE } from '@dsm/connector-client';
import { DCAT_NAMESPACE, DCT_NAMESPACE } from '@dsm/connector-client/json-ld';

export { EDC_NAMESPACE, ODRL_NAMESPACE };

export const DSPACE_NAMESPACE = 'https://w3id.org/dspace/2025/1/';
export const DSPACE_CONTEXT_URL = 'https://w3id.org/dspace/2025/1/context.jsonld';

/** The context of every management answer, as an EDC connector writes it. */
export const MANAGEMENT_CONTEXT = {
  '@vocab': EDC_NAMESPACE,
  edc: EDC_NAMESPACE,
  odrl: ODRL_NAMESPACE,
  dcat: DCAT_NAMESPACE,
  dct: DCT_NAMESPACE,
  dspace: DSPACE_NAMESPACE,
};

/** The context of every Management API v4 answer, as EDC's v4 writes it. */
export const MANAGEMENT_CONTEXT_V4 = [MANAGEMENT_CONTEXT_V2];

const PREFIXED = /^(?:odrl|edc):(.+)$/;

/** Term-valued fields written as `{ "@id": "odrl:use" }` in v3 and as the plain term (`use`) in v4. */
const TERM_FIELDS = new Set(['action', 'operator']);

function plain(value: unknown, key: string | undefined): unknown {
  if (Array.isArray(value)) return value.map((item) => plain(item, key));
  if (typeof value === 'string') return key === '@type' ? value.replace(PREFIXED, '$1') : value;
  if (typeof value !== 'object' || value === null) return value;
  const n = value as Record<string, unknown>;
  if (key !== undefined && TERM_FIELDS.has(key) && Object.keys(n).length === 1 && typeof n['@id'] === 'string') {
    return n['@id'].replace(PREFIXED, '$1');
  }
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(n)) {
    if (name === '@context') continue;
    const local = name.replace(PREFIXED, '$1');
    out[local] = plain(item, local);
  }
  return out;
}

function isManagementAnswer(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { '@context'?: unknown })['@context'] === MANAGEMENT_CONTEXT
  );
}

/**
 * A management answer as EDC's v4 writes it: the v4 context list instead of the v3 context object, and plain terms
 * (`permission`, `action: "use"`, `@type: "Set"`) where v3 wrote `odrl:` and `edc:` prefixes. Anything that is no
 * management answer (an error list, a catalog forwarded from a provider) is left as it is.
 */
export function presentForV4(payload: unknown): unknown {
  if (Array.isArray(payload)) return payload.map((item) => presentForV4(item));
  if (!isManagementAnswer(payload)) return payload;
  return { '@context': MANAGEMENT_CONTEXT_V4, ...(plain(payload, undefined) as Record<string, unknown>) };
}
