import { EDC_NAMESPACE, ODRL_NAMESPACE } from './constants';
import type { PolicyConstraint } from './types';

/**
 * JSON-LD as EDC connectors write it, read into plain names: one module for the client and the sandbox
 * (`@dsm/connector-client/json-ld`). Keys and types written as plain terms (`@vocab`), with a prefix (`edc:state`,
 * `odrl:permission`, `dcat:dataset`) or as full IRIs all end up under their plain local name. It resolves the
 * document's own `@context` objects (`null` resets them) and knows the usual prefixes even when a connector forgets
 * to declare them. Remote contexts are not fetched (the client has no dependencies and should not go online to read
 * an answer); they do not change the local names. The reading helpers below (`node`, `list`, `text`, `term`, `bag`)
 * take the normalised values apart without caring whether one item or many was written.
 */

export const DCAT_NAMESPACE = 'http://www.w3.org/ns/dcat#';
export const DCT_NAMESPACE = 'http://purl.org/dc/terms/';

const KNOWN_PREFIXES: Record<string, string> = {
  edc: EDC_NAMESPACE,
  odrl: ODRL_NAMESPACE,
  dcat: DCAT_NAMESPACE,
  dct: DCT_NAMESPACE,
  dcterms: DCT_NAMESPACE,
  dspace: 'https://w3id.org/dspace/v0.8/',
};

/**
 * Vocabularies whose IRIs are shortened to their local names, written without scheme and separator: connectors and
 * EDC's own samples declare them with http or https and ending in `/` or `#` (`https://www.w3.org/ns/dcat/` beside
 * the canonical `http://www.w3.org/ns/dcat#`), and every such spelling means the same terms.
 */
const KNOWN_VOCABULARIES = [
  'w3id.org/edc/v0.0.1/ns',
  'www.w3.org/ns/odrl/2',
  'www.w3.org/ns/dcat',
  'purl.org/dc/terms',
  'w3id.org/dspace/v0.8',
  'w3id.org/dspace/2024/1',
  'w3id.org/dspace/2025/1',
];

const KNOWN_IRI = new RegExp(
  `^https?://(?:${KNOWN_VOCABULARIES.map((vocabulary) => vocabulary.replace(/[.]/g, '\\.')).join('|')})[/#](.+)$`,
);

interface Context {
  vocab: string | undefined;
  terms: Record<string, string>;
}

const EMPTY_CONTEXT: Context = { vocab: undefined, terms: {} };

export type JsonNode = Record<string, unknown>;

/** Normalises a JSON-LD answer: plain keys, compacted `@type` values, `@value` objects unwrapped, `@context` dropped. */
export function normalize(value: unknown): unknown {
  return normalizeIn(value, EMPTY_CONTEXT);
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
    if (key === '@id') {
      out['@id'] = item;
      continue;
    }
    if (key === '@type') {
      out['@type'] = Array.isArray(item) ? item.map((type) => compactType(type, context)) : compactType(item, context);
      continue;
    }
    const name = key.startsWith('@') ? key : compactIri(expandIri(key, context));
    // A plain key wins over a prefixed duplicate of itself; both carry the same value in practice.
    if (name in out && name === key) out[name] = normalizeIn(item, context);
    else if (!(name in out)) out[name] = normalizeIn(item, context);
  }
  return out;
}

function compactType(type: unknown, context: Context): unknown {
  return typeof type === 'string' ? compactIri(expandIri(type, context)) : type;
}

function extendContext(parent: Context, raw: unknown): Context {
  if (raw === undefined) return parent;
  if (raw === null) return EMPTY_CONTEXT;
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
  if (value.startsWith('@')) return value;
  const term = context.terms[value];
  if (term !== undefined && term !== value) return expandIri(term, { ...context, terms: {} });
  const colon = value.indexOf(':');
  if (colon > 0) {
    const prefix = value.slice(0, colon);
    const rest = value.slice(colon + 1);
    if (rest.startsWith('//')) return value;
    const namespace = context.terms[prefix] ?? KNOWN_PREFIXES[prefix];
    return namespace !== undefined ? namespace + rest : value;
  }
  return context.vocab !== undefined ? context.vocab + value : value;
}

/** Expands a known prefix (`edc:inForceDate`) to its full IRI; anything else is returned unchanged. */
export function expandKnownPrefix(value: string): string {
  const colon = value.indexOf(':');
  if (colon <= 0) return value;
  const rest = value.slice(colon + 1);
  if (rest.startsWith('//')) return value;
  const namespace = KNOWN_PREFIXES[value.slice(0, colon)];
  return namespace !== undefined ? namespace + rest : value;
}

/** Shortens an IRI (or a known prefixed name) in one of the known namespaces to its local name. */
export function compactIri(value: string): string {
  const iri = expandKnownPrefix(value);
  return KNOWN_IRI.exec(iri)?.[1] ?? iri;
}

export function isNode(value: unknown): value is JsonNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value as a node; anything else as an empty one. */
export function node(value: unknown): JsonNode {
  return isNode(value) ? value : {};
}

/** A JSON-LD value that may be one item or many, always as a list. */
export function list(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** A literal or an `@id` as text; the first of several. */
export function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return text(value[0]);
  if (isNode(value) && '@id' in value) return text(value['@id']);
  return undefined;
}

/** A number, also when written as a string. */
export function num(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (Array.isArray(value)) return num(value[0]);
  return undefined;
}

/** A vocabulary term (ODRL action, operator, policy type) in short form. */
export function term(value: unknown): string | undefined {
  if (isNode(value) && !('@id' in value) && 'type' in value) return term(value.type);
  const raw = text(value);
  return raw === undefined ? undefined : compactIri(raw);
}

/** Every literal of a value that may be one or many. */
export function strings(value: unknown): string[] {
  return list(value)
    .map(text)
    .filter((item): item is string => item !== undefined);
}

/** A property bag: the node's entries without `@type`, `@context` and the names excluded. */
export function bag(value: unknown, exclude: string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(node(value))) {
    if (key === '@type' || key === '@context' || exclude.includes(key)) continue;
    out[key] = item;
  }
  return out;
}

/** The ODRL operators that combine constraints. */
const LOGICAL_OPERATORS = ['and', 'or', 'xone', 'andSequence'] as const;

/**
 * A normalised ODRL constraint: a logical one with the constraints it combines, or a comparison with its left
 * operand's known prefix expanded and a right operand written as `{ '@id': x }` read as `x`.
 */
export function readConstraint(value: unknown): PolicyConstraint {
  const n = node(value);
  for (const operator of LOGICAL_OPERATORS) {
    if (operator in n) return { operator, constraints: list(n[operator]).map(readConstraint) };
  }
  const right = n.rightOperand;
  return {
    leftOperand: expandKnownPrefix(text(n.leftOperand) ?? ''),
    operator: term(n.operator) ?? '',
    rightOperand: isNode(right) && Object.keys(right).length === 1 && '@id' in right ? right['@id'] : right,
  };
}
