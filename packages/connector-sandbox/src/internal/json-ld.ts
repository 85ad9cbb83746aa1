/**
 * Reads JSON-LD bodies into plain names: `name`, `edc:name` and `https://w3id.org/edc/v0.0.1/ns/name` all become
 * `name`, whatever prefixes the body's `@context` declares. Remote contexts are not fetched; they do not change the
 * local names. The sandbox then works on plain objects and writes EDC-style compacted JSON-LD back.
 */

export const EDC_NAMESPACE = 'https://w3id.org/edc/v0.0.1/ns/';
export const ODRL_NAMESPACE = 'http://www.w3.org/ns/odrl/2/';
export const DCAT_NAMESPACE = 'http://www.w3.org/ns/dcat#';
export const DCT_NAMESPACE = 'http://purl.org/dc/terms/';
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

const KNOWN_PREFIXES: Record<string, string> = {
  edc: EDC_NAMESPACE,
  odrl: ODRL_NAMESPACE,
  dcat: DCAT_NAMESPACE,
  dct: DCT_NAMESPACE,
  dcterms: DCT_NAMESPACE,
  dspace: DSPACE_NAMESPACE,
};

const KNOWN_NAMESPACES = [
  EDC_NAMESPACE,
  ODRL_NAMESPACE,
  DCAT_NAMESPACE,
  DCT_NAMESPACE,
  DSPACE_NAMESPACE,
  'https://w3id.org/dspace/v0.8/',
];

export type JsonNode = Record<string, unknown>;

interface Context {
  vocab: string | undefined;
  terms: Record<string, string>;
}

export function isNode(value: unknown): value is JsonNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function normalize(value: unknown): unknown {
  return normalizeIn(value, { vocab: undefined, terms: {} });
}

function normalizeIn(value: unknown, parent: Context): unknown {
  if (Array.isArray(value)) return value.map((item) => normalizeIn(item, parent));
  if (!isNode(value)) return value;
  if ('@value' in value) return value['@value'];
  if ('@list' in value) return normalizeIn(value['@list'], parent);
  const context = extendContext(parent, value['@context']);
  const out: JsonNode = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '@context') continue;
    if (key === '@id') out['@id'] = item;
    else if (key === '@type') out['@type'] = typeof item === 'string' ? compactIri(expandIri(item, context)) : item;
    else {
      const name = key.startsWith('@') ? key : compactIri(expandIri(key, context));
      if (!(name in out) || name === key) out[name] = normalizeIn(item, context);
    }
  }
  return out;
}

function extendContext(parent: Context, raw: unknown): Context {
  if (raw === undefined) return parent;
  if (Array.isArray(raw)) return raw.reduce<Context>((context, item) => extendContext(context, item), parent);
  if (!isNode(raw)) return parent;
  const context: Context = { vocab: parent.vocab, terms: { ...parent.terms } };
  for (const [key, definition] of Object.entries(raw)) {
    if (key === '@vocab' && typeof definition === 'string') context.vocab = definition;
    else if (typeof definition === 'string') context.terms[key] = definition;
    else if (isNode(definition) && typeof definition['@id'] === 'string') context.terms[key] = definition['@id'];
  }
  return context;
}

function expandIri(value: string, context: Context): string {
  const colon = value.indexOf(':');
  if (colon > 0) {
    const rest = value.slice(colon + 1);
    if (rest.startsWith('//')) return value;
    const prefix = value.slice(0, colon);
    const namespace = context.terms[prefix] ?? KNOWN_PREFIXES[prefix];
    return namespace !== undefined ? namespace + rest : value;
  }
  const term = context.terms[value];
  if (term !== undefined) return term.includes(':') ? expandIri(term, { vocab: undefined, terms: {} }) : term;
  return context.vocab !== undefined ? context.vocab + value : value;
}

/** Expands a known prefix (`edc:id`) to its IRI; anything else is returned unchanged. */
export function expandKnownPrefix(value: string): string {
  const colon = value.indexOf(':');
  if (colon <= 0 || value.slice(colon + 1).startsWith('//')) return value;
  const namespace = KNOWN_PREFIXES[value.slice(0, colon)];
  return namespace !== undefined ? namespace + value.slice(colon + 1) : value;
}

/** The local name of an IRI (or prefixed name) in a known namespace; anything else unchanged. */
export function compactIri(value: string): string {
  const iri = expandKnownPrefix(value);
  for (const namespace of KNOWN_NAMESPACES) {
    if (iri.startsWith(namespace) && iri.length > namespace.length) return iri.slice(namespace.length);
  }
  return iri;
}

export function node(value: unknown): JsonNode {
  return isNode(value) ? value : {};
}

export function list(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

export function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return text(value[0]);
  if (isNode(value) && '@id' in value) return text(value['@id']);
  return undefined;
}

/** A vocabulary term (action, operator, type) in short form. */
export function term(value: unknown): string | undefined {
  if (isNode(value) && !('@id' in value) && 'type' in value) return term(value.type);
  const raw = text(value);
  return raw === undefined ? undefined : compactIri(raw);
}

/** A property bag without JSON-LD keywords. */
export function bag(value: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(node(value))) if (!key.startsWith('@')) out[key] = item;
  return out;
}
