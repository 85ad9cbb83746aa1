import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { type ConnectorClient, createConnectorClient, type ManagementApiVersionName } from '@dsm/connector-client';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type Sandbox, startSandbox } from './start-sandbox';

/**
 * Walks every call the connector client makes (driven for real against two sandboxes) and checks each against the
 * EDC OpenAPI documents: the path exists with the same method, and the JSON body validates against the request
 * schema. A call the client gains or loses shows up as a difference from the list of section 7 below. The client runs
 * twice, once per Management API version: its v3 calls are checked against the `/v3` paths, its v4 calls against the
 * `/v4beta` paths and schemas of the same document (EDC published v4 as v4beta first; stable v4 keeps its request
 * schemas), with EDRs and deprovisioning still at `/v3` (v4 has none of its own).
 */

/** The published documents, vendored gzip-compressed with their provenance in `openapi/SOURCE.md`. */
const FIXTURES = new URL('../openapi/', import.meta.url);

/** SHA-256 of each document as published (see `openapi/SOURCE.md`): the copies must not drift. */
const PUBLISHED_SHA256: Record<string, string> = {
  'management-api.yaml': '2c3ce77ebd0764ea95b5b8cb3f27442f9cfef0c52ade430c450f0e411afd784e',
  'observability-api.yaml': '6f2467902fed22bc154488e81afefd3d9123c662017693cffa1f7efb251d10d5',
  'catalog-api.yaml': '9bd76266461fe34696af0e8b17de11a321fbe58734523fc45e23896767147c5c',
  'public-api.yaml': '000d21702a3878508ad385a7e668f8a58f3fa8456aa83be96e12efef4ed670a4',
};

function readDocument(name: string): Buffer {
  return gunzipSync(readFileSync(new URL(`${name}.gz`, FIXTURES)));
}

type Schema = Record<string, unknown>;
interface Operation {
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

function load(name: string): OpenApiDocument {
  return parse(readDocument(name).toString('utf8')) as OpenApiDocument;
}

const documents = {
  management: load('management-api.yaml'),
  default: load('observability-api.yaml'),
  federatedCatalog: load('catalog-api.yaml'),
  public: load('public-api.yaml'),
};
type DocumentName = keyof typeof documents;

/** Every call of section 7, as `document METHOD template`. */
const EXPECTED_CALLS = [
  'management POST /v3/assets',
  'management PUT /v3/assets',
  'management GET /v3/assets/{id}',
  'management DELETE /v3/assets/{id}',
  'management POST /v3/assets/request',
  'management POST /v3/catalog/request',
  'management POST /v3/catalog/dataset/request',
  'management POST /v3/contractagreements/request',
  'management GET /v3/contractagreements/{id}',
  'management GET /v3/contractagreements/{id}/negotiation',
  'management POST /v3/contractdefinitions',
  'management PUT /v3/contractdefinitions',
  'management GET /v3/contractdefinitions/{id}',
  'management DELETE /v3/contractdefinitions/{id}',
  'management POST /v3/contractdefinitions/request',
  'management POST /v3/contractnegotiations',
  'management POST /v3/contractnegotiations/request',
  'management GET /v3/contractnegotiations/{id}',
  'management GET /v3/contractnegotiations/{id}/state',
  'management POST /v3/contractnegotiations/{id}/terminate',
  'management GET /v3/contractnegotiations/{id}/agreement',
  'management GET /v3/dataplanes',
  'management POST /v3/edrs/request',
  'management DELETE /v3/edrs/{transferProcessId}',
  'management GET /v3/edrs/{transferProcessId}/dataaddress',
  'management POST /v3/policydefinitions',
  'management PUT /v3/policydefinitions/{id}',
  'management DELETE /v3/policydefinitions/{id}',
  'management GET /v3/policydefinitions/{id}',
  'management POST /v3/policydefinitions/request',
  'management POST /v3/secrets',
  'management GET /v3/secrets/{id}',
  'management PUT /v3/secrets',
  'management DELETE /v3/secrets/{id}',
  'management POST /v3/transferprocesses',
  'management GET /v3/transferprocesses/{id}',
  'management POST /v3/transferprocesses/request',
  'management GET /v3/transferprocesses/{id}/state',
  'management POST /v3/transferprocesses/{id}/terminate',
  'management POST /v3/transferprocesses/{id}/deprovision',
  'default GET /check/health',
  'default GET /check/liveness',
  'default GET /check/readiness',
  'default GET /check/startup',
  'public GET /{any}',
  'federatedCatalog POST /v1alpha/catalog/query',
].sort();

/** The management calls EDC's v4 has no path for, which the client makes at `/v3` in both versions. */
const V3_ONLY = /^management \w+ \/v3\/(edrs|transferprocesses\/\{id\}\/deprovision)/;

/** Section 7's calls as the v4 client makes them, named by the document's `/v4beta` templates. */
const EXPECTED_V4_CALLS = EXPECTED_CALLS.map((call) =>
  call.startsWith('management ') && !V3_ONLY.test(call) ? call.replace(' /v3/', ' /v4beta/') : call,
).sort();

interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
}

const recordedBy: Record<ManagementApiVersionName, RecordedCall[]> = { v3: [], v4: [] };
const recorded = recordedBy.v3;

/** The real fetch, noting each call on its way. */
function recordingFetch(into: RecordedCall[]): typeof fetch {
  return (input, init) => {
    into.push({
      method: init?.method ?? 'GET',
      url: String(input),
      body: init?.body === undefined || init.body === null ? undefined : JSON.parse(String(init.body)),
    });
    return fetch(input, init);
  };
}

const sandboxes: Sandbox[] = [];

beforeAll(async () => {
  for (const version of ['v3', 'v4'] as const) {
    const provider = await startSandbox({ participantId: 'provider', apiKey: 'p', stepDelayMs: 5 });
    const consumer = await startSandbox({
      participantId: 'consumer',
      apiKey: 'c',
      stepDelayMs: 5,
      federatedCatalogNodes: [provider.addresses.protocol],
    });
    sandboxes.push(provider, consumer);
    const fetch = recordingFetch(recordedBy[version]);
    const options = { managementApiVersion: version, fetch };
    const p = createConnectorClient({ addresses: provider.addresses, apiKey: 'p', ...options });
    const c = createConnectorClient({ addresses: consumer.addresses, apiKey: 'c', ...options });
    await driveEveryCall(p, c, provider, fetch);
  }
});

afterAll(async () => {
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
});

async function driveEveryCall(
  p: ConnectorClient,
  c: ConnectorClient,
  provider: Sandbox,
  recordingFetch: typeof fetch,
): Promise<void> {
  const idSelector = { operandLeft: 'https://w3id.org/edc/v0.0.1/ns/id', operator: '=', operandRight: 'a1' };
  const asset = { id: 'a1', properties: { name: 'A1' }, dataAddress: { type: 'InlineData', content: 'data' } };
  await p.assets.create(asset);
  await p.assets.create({ ...asset, id: 'a2' });
  await p.assets.update({ ...asset, properties: { name: 'A1 renamed' } });
  await p.assets.get('a1');
  await p.assets.query();
  await p.assets.query({ filter: [idSelector], offset: 0, limit: 10 });
  await p.assets.delete('a2');

  const policy = {
    permissions: [
      {
        action: 'use',
        constraints: [
          {
            operator: 'and' as const,
            constraints: [
              { leftOperand: 'https://w3id.org/edc/v0.0.1/ns/purpose', operator: 'eq', rightOperand: 'research' },
            ],
          },
        ],
      },
    ],
  };
  await p.policyDefinitions.create({ id: 'p1', policy });
  await p.policyDefinitions.create({ id: 'p2', policy });
  await p.policyDefinitions.update('p1', { policy });
  await p.policyDefinitions.get('p1');
  await p.policyDefinitions.query();
  await p.policyDefinitions.delete('p2');

  await p.contractDefinitions.create({ id: 'c1', accessPolicyId: 'p1', contractPolicyId: 'p1', assetsSelector: [] });
  await p.contractDefinitions.create({ id: 'c2', accessPolicyId: 'p1', contractPolicyId: 'p1' });
  await p.contractDefinitions.update({
    id: 'c1',
    accessPolicyId: 'p1',
    contractPolicyId: 'p1',
    assetsSelector: [idSelector],
  });
  await p.contractDefinitions.get('c1');
  await p.contractDefinitions.query();
  await p.contractDefinitions.delete('c2');

  await p.secrets.create({ id: 's1', value: 'v1' });
  await p.secrets.get('s1');
  await p.secrets.update({ id: 's1', value: 'v2' });
  await p.secrets.delete('s1');
  await p.dataplanes.list();
  await p.health.health();
  await p.health.liveness();
  await p.health.readiness();
  await p.health.startup();

  const counterParty = { counterPartyAddress: provider.addresses.protocol, counterPartyId: 'provider' };
  const catalog = await c.catalog.request({ ...counterParty, filter: [idSelector], limit: 5 });
  await c.catalog.requestDataset({ ...counterParty, id: 'a1' });
  const offer = catalog.datasets[0]!.offers[0]!;

  const negotiation = await c.contractNegotiations.initiate({
    ...counterParty,
    offer,
    callbackAddresses: [{ uri: 'http://localhost:1/callback', events: ['contract.negotiation'], transactional: false }],
  });
  await c.contractNegotiations.waitForState(negotiation.id, ['FINALIZED'], { intervalMs: 5 });
  await c.contractNegotiations.get(negotiation.id);
  await c.contractNegotiations.query({ filter: [{ operandLeft: 'state', operator: '=', operandRight: 'FINALIZED' }] });
  const agreement = await c.contractNegotiations.getAgreement(negotiation.id);
  await c.contractAgreements.query();
  await c.contractAgreements.get(agreement.id);
  await c.contractAgreements.getNegotiation(agreement.id);

  const abandoned = await c.contractNegotiations.initiate({ ...counterParty, offer });
  await c.contractNegotiations.terminate(abandoned.id, 'changed my mind').catch(() => undefined);

  const transfer = await c.transferProcesses.initiate({
    ...counterParty,
    contractId: agreement.id,
    transferType: 'HttpData-PULL',
    dataDestination: { type: 'HttpProxy' },
    privateProperties: { note: 'conformance' },
  });
  await c.transferProcesses.waitForState(transfer.id, ['STARTED'], { intervalMs: 5 });
  await c.transferProcesses.get(transfer.id);
  await c.transferProcesses.query();
  await c.edrs.query();
  const address = await c.edrs.getDataAddress(transfer.id);
  const reader = createConnectorClient({ addresses: { public: String(address.endpoint) }, fetch: recordingFetch });
  const data = await reader.publicData.get({ headers: { Authorization: String(address.authorization) } });
  await new Response(data.body).text();
  await c.edrs.delete(transfer.id);
  await c.transferProcesses.terminate(transfer.id, 'done');
  await c.transferProcesses.waitForState(transfer.id, ['TERMINATED'], { intervalMs: 5 });
  await c.transferProcesses.deprovision(transfer.id);

  await c.federatedCatalog.query();
  await c.federatedCatalog.query({
    filter: [{ operandLeft: 'participantId', operator: '=', operandRight: 'provider' }],
  });
}

/** Which document and template a recorded URL falls under. */
function locate(url: string): { document: DocumentName; path: string } {
  for (const sandbox of sandboxes) {
    for (const document of Object.keys(documents) as DocumentName[]) {
      const base = sandbox.addresses[document];
      if (url.startsWith(`${base}/`) || url === base)
        return { document, path: new URL(url).pathname.slice(new URL(base).pathname.length) || '/' };
    }
  }
  throw new Error(`${url} is under none of the sandboxes' addresses`);
}

/** The document's path template matching `path`; the one with the most literal segments wins. */
function template(document: OpenApiDocument, path: string): string | undefined {
  const candidates = Object.keys(document.paths).filter((candidate) => {
    const pattern = candidate.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]*');
    return new RegExp(`^${pattern}$`).test(path);
  });
  const literal = (candidate: string) => candidate.split('/').filter((segment) => !segment.startsWith('{')).length;
  return candidates.sort((a, b) => literal(b) - literal(a))[0];
}

/**
 * The documents are OpenAPI 3.0: schemas are JSON Schema draft 4/5 plus `nullable`, `example` and `deprecated`.
 * This turns one into plain JSON Schema for Ajv, with `$ref`s pointing into `definitions`.
 */
function toJsonSchema(value: unknown, refBase = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => toJsonSchema(item, refBase));
  if (typeof value !== 'object' || value === null) return value;
  const out: Schema = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'example' || key === 'deprecated' || key === 'nullable') continue;
    if (key === '$ref' && typeof item === 'string') {
      out.$ref = item.replace('#/components/schemas/', `${refBase}#/definitions/`);
    } else out[key] = toJsonSchema(item, refBase);
  }
  const schema = value as Schema;
  if (schema.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}

function newAjv(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('int32', true);
  ajv.addFormat('int64', true);
  ajv.addFormat('url', { validate: (candidate: string) => URL.canParse(candidate) });
  return ajv;
}

/**
 * The generated documents type a criterion's `operandLeft`/`operandRight` as `object` (swagger's rendering of Java's
 * `Object`), yet their own examples and every EDC connector use strings. Those two properties accept any value here.
 */
function relaxCriterionOperands(schemas: Record<string, Schema>): Record<string, Schema> {
  const relaxed = structuredClone(schemas);
  for (const [name, schema] of Object.entries(relaxed)) {
    const properties = schema.properties as Record<string, Schema> | undefined;
    if (!name.startsWith('Criterion') || properties === undefined) continue;
    for (const operand of ['operandLeft', 'operandRight']) {
      if (properties[operand]?.type === 'object') properties[operand] = {};
    }
  }
  // The v4beta `LogicalConstraint` lost the `oneOf` of EDC's v4 JSON Schema (exactly one of `and`, `andSequence`, `or`,
  // `xone` is required), so every atomic constraint matched both branches of `Constraint`'s `oneOf` and failed it.
  const logical = relaxed.LogicalConstraint;
  if (logical !== undefined) {
    logical.oneOf = ['and', 'andSequence', 'or', 'xone'].map((operator) => ({ required: [operator] }));
  }
  return relaxed;
}

const validators = new Map<string, ValidateFunction>();
const compilers = new Map<string, Ajv>();

/** A validator of `schema`; the document's component schemas are added once per document, compiled as needed. */
function validatorFor(document: OpenApiDocument, schema: Schema, relax = true): ValidateFunction {
  const name = Object.keys(documents).find((candidate) => documents[candidate as DocumentName] === document);
  const base = `${name}-${relax ? 'relaxed' : 'as-published'}`;
  let ajv = compilers.get(base);
  if (ajv === undefined) {
    const schemas = document.components?.schemas ?? {};
    ajv = newAjv();
    ajv.addSchema({ $id: base, definitions: toJsonSchema(relax ? relaxCriterionOperands(schemas) : schemas) });
    compilers.set(base, ajv);
  }
  const key = `${base}|${JSON.stringify(schema)}`;
  let validate = validators.get(key);
  if (validate === undefined) {
    validate = ajv.compile(toJsonSchema(schema, base) as Schema);
    validators.set(key, validate);
  }
  return validate;
}

/** Expects the recorded call's JSON body to validate against the request schema of its operation at `found`. */
function expectValidBody(document: OpenApiDocument, found: string, call: RecordedCall): void {
  const operation = document.paths[found]![call.method.toLowerCase()]!;
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const where = `${call.method} ${found}`;
  expect(schema, `${where} takes no JSON body`).toBeDefined();
  const validate = validatorFor(document, schema!);
  expect(validate(call.body), `${where}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

describe('connector client against the EDC OpenAPI documents', () => {
  it('checks against the documents exactly as EDC published them (management API 3.1.6)', () => {
    for (const [name, sha256] of Object.entries(PUBLISHED_SHA256)) {
      expect(createHash('sha256').update(readDocument(name)).digest('hex'), name).toBe(sha256);
    }
    expect((documents.management as unknown as { info: { version: string } }).info.version).toBe('3.1.6');
  });

  it('makes exactly the calls of section 7, each a path and method of the documents', () => {
    const seen = new Set<string>();
    for (const call of recorded) {
      if (call.url.includes('/protocol')) continue;
      const { document, path } = locate(call.url);
      const found = template(documents[document], path);
      expect(found, `${call.method} ${call.url}: no path in ${document}`).toBeDefined();
      const operation = documents[document].paths[found!]?.[call.method.toLowerCase()];
      expect(operation, `${call.method} ${found} is not in ${document}`).toBeDefined();
      seen.add(`${document} ${call.method} ${found}`);
    }
    expect([...seen].sort()).toEqual(EXPECTED_CALLS);
  });

  it('sends request bodies that validate against the documents, and none where none is defined', () => {
    let validated = 0;
    for (const call of recorded) {
      const { document, path } = locate(call.url);
      const found = template(documents[document], path)!;
      if (call.body === undefined) {
        const operation = documents[document].paths[found]![call.method.toLowerCase()]!;
        expect(operation.requestBody?.required, `${call.method} ${found} requires a body`).not.toBe(true);
        continue;
      }
      expectValidBody(documents[document], found, call);
      validated++;
    }
    // Every kind of body was checked: creates, updates, queries, catalog, negotiation, transfer, terminations.
    expect(validated).toBeGreaterThanOrEqual(20);
  });

  it('needs the criterion relaxation only because of a generator artefact the documents contradict', () => {
    const management = documents.management;
    const criterion = management.components!.schemas!.Criterion_1!;
    const example = { ...(criterion.example as Schema) };
    delete example['@context'];
    expect(validatorFor(management, { $ref: '#/components/schemas/Criterion_1' }, false)(example)).toBe(false);
    expect(validatorFor(management, { $ref: '#/components/schemas/Criterion_1' })(example)).toBe(true);
  });

  it('makes the same calls in v4, at the /v4 paths the v4beta paths of the documents became', () => {
    const seen = new Set<string>();
    for (const call of recordedBy.v4) {
      if (call.url.includes('/protocol')) continue;
      const { document, path } = locate(call.url);
      const found = template(documents[document], path.replace(/^\/v4\//, '/v4beta/'));
      expect(found, `${call.method} ${call.url}: no path in ${document}`).toBeDefined();
      expect(documents[document].paths[found!]?.[call.method.toLowerCase()], `${call.method} ${found}`).toBeDefined();
      seen.add(`${document} ${call.method} ${found}`);
    }
    expect([...seen].sort()).toEqual(EXPECTED_V4_CALLS);
  });

  it("sends v4 request bodies that validate against the documents' v4beta schemas", () => {
    let validated = 0;
    for (const call of recordedBy.v4) {
      const { document, path } = locate(call.url);
      if (call.body === undefined || !path.startsWith('/v4/')) continue;
      const found = template(documents[document], path.replace(/^\/v4\//, '/v4beta/'))!;
      expectValidBody(documents[document], found, call);
      validated++;
    }
    expect(validated).toBeGreaterThanOrEqual(15);
  });

  it("needs the logical constraint's oneOf restored only because the v4beta rendering dropped it", () => {
    const management = documents.management;
    const constraint = { leftOperand: 'https://w3id.org/edc/v0.0.1/ns/purpose', operator: 'eq', rightOperand: 'x' };
    expect(validatorFor(management, { $ref: '#/components/schemas/Constraint' }, false)(constraint)).toBe(false);
    expect(validatorFor(management, { $ref: '#/components/schemas/Constraint' })(constraint)).toBe(true);
    expect(validatorFor(management, { $ref: '#/components/schemas/Constraint' })({ and: [constraint] })).toBe(true);
  });

  it('sends the null body of an empty query, which the documents allow', () => {
    const emptyQueries = recorded.filter((call) => call.url.endsWith('/request') && call.body === undefined);
    expect(emptyQueries.length).toBeGreaterThan(5);
    expect(documents.management.paths['/v3/assets/request']?.post?.requestBody?.required).not.toBe(true);
  });
});
