import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Sandbox, startSandbox } from '@dsm/connector-sandbox';
import {
  ErrorCode,
  type TErrorResponse,
  type TOrganisationConnectorResponse,
  type TOrganisationConnectorSaveResponse,
  type TOwnOrganisationResponse,
  type TRegisteredConnector,
} from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signIn, signInOperator, type TSignedIn } from '../../test/auth';
import { request, startTestApp, type TBody, type TTestApp } from '../../test/test-app';
import { insertConnector } from '../connectors/connector-repository';

const ORG_KEY = 'organisation-connector-key';
const MARKET_KEY = 'marketplace-connector-key';

let testApp: TTestApp;
let acmeEdc: Sandbox;
let marketEdc: Sandbox;
let notAnEdc: http.Server;
let notAnEdcUrl: string;
let closedPortUrl: string;
let operator: TSignedIn;

const path = (organisationId: string) => `/api/organisations/${organisationId}/connector`;
const getConnector = (who: TSignedIn, organisationId: string) =>
  request<TBody<TOrganisationConnectorResponse>>(testApp.baseUrl, 'GET', path(organisationId), undefined, who.headers);
const save = (who: TSignedIn, organisationId: string, body: unknown) =>
  request<TBody<TOrganisationConnectorSaveResponse>>(testApp.baseUrl, 'PUT', path(organisationId), body, who.headers);
const remove = (who: TSignedIn, organisationId: string) =>
  request<TErrorResponse>(testApp.baseUrl, 'DELETE', path(organisationId), undefined, who.headers);

/** What the profile form sends for the organisation's sandbox. */
function acmeInput(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    participantId: 'acme-edc',
    protocolUrl: acmeEdc.addresses.protocol,
    managementUrl: acmeEdc.addresses.management,
    apiKey: ORG_KEY,
    ...extra,
  };
}

/** A signed-in member of a new organisation, with its id. */
async function member(email: string): Promise<{ who: TSignedIn; organisationId: string }> {
  const who = await signIn(testApp, { email });
  const own = await request<TOwnOrganisationResponse>(
    testApp.baseUrl,
    'GET',
    '/api/profile/organisation',
    undefined,
    who.headers,
  );
  return { who, organisationId: own.body.organisation!.id };
}

beforeAll(async () => {
  [testApp, acmeEdc, marketEdc] = await Promise.all([
    startTestApp({ MARKETPLACE_CONNECTOR_ID: 'market-edc' }),
    startSandbox({ basePath: '/acme-edc', participantId: 'acme-edc', apiKey: ORG_KEY }),
    startSandbox({ basePath: '/market-edc', participantId: 'market-edc', apiKey: MARKET_KEY }),
  ]);
  await insertConnector(testApp.database.db, { name: 'Marketplace EDC', url: marketEdc.url, apiKey: MARKET_KEY });
  // A web server that answers every path with a page: reachable, but no Management API.
  notAnEdc = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Hi</h1>'));
  await new Promise<void>((resolve) => notAnEdc.listen(0, '127.0.0.1', resolve));
  notAnEdcUrl = `http://127.0.0.1:${(notAnEdc.address() as AddressInfo).port}/management`;
  // A port nothing listens on.
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedPortUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((resolve) => closed.close(resolve));
  operator = await signInOperator(testApp, { email: 'org-connector-operator@example.org', organisation: null });
});

afterAll(async () => {
  await Promise.all([testApp?.close(), acmeEdc?.close(), marketEdc?.close()]);
  await new Promise((resolve) => notAnEdc?.close(resolve));
});

describe("an organisation's own connector", () => {
  it('is registered by a member after both checks pass, with the key encrypted and never shown back', async () => {
    const { who, organisationId } = await member('acme-member@example.org');
    expect((await getConnector(who, organisationId)).body).toEqual({ connector: null });

    const saved = await save(who, organisationId, acmeInput());
    expect(saved.status).toBe(200);
    expect(saved.body.connector).toEqual({
      connectorId: `org-${organisationId}`,
      participantId: 'acme-edc',
      protocolUrl: acmeEdc.addresses.protocol,
      managementUrl: acmeEdc.addresses.management,
      managementApiVersion: 'auto',
      versionUrl: null,
      hasApiKey: true,
      updatedAt: expect.any(String),
    });
    expect(saved.body.checks.map((check) => [check.name, check.outcome])).toEqual([
      ['managementApi', 'passed'],
      ['catalogRequest', 'passed'],
    ]);
    expect(JSON.stringify(saved.body)).not.toContain(ORG_KEY);

    const read = await getConnector(who, organisationId);
    expect(read.body.connector).toEqual(saved.body.connector);
    expect(JSON.stringify(read.body)).not.toContain(ORG_KEY);
    const row = await testApp.database.db
      .selectFrom('connectors')
      .select(['api_key', 'api_key_encrypted', 'management_api_version'])
      .where('id', '=', `org-${organisationId}`)
      .executeTakeFirstOrThrow();
    expect(row.api_key).toBeNull();
    expect(row.api_key_encrypted).toMatch(/^v1:/);
    expect(row.api_key_encrypted).not.toContain(ORG_KEY);

    // Operators see it among every connector.
    const registered = await requestAs<TRegisteredConnector[]>(testApp, operator, 'GET', '/api/connectors/registered');
    expect(registered.body.find((connector) => connector.id === `org-${organisationId}`)).toMatchObject({
      managementUrl: acmeEdc.addresses.management,
      protocolUrl: acmeEdc.addresses.protocol,
      hasApiKey: true,
      isSandbox: false,
    });
  });

  it('is edited without sending the key again, and a replacement key that the connector refuses changes nothing', async () => {
    const { who, organisationId } = await member('acme-editor@example.org');
    expect((await save(who, organisationId, acmeInput())).status).toBe(200);

    const { apiKey: _key, ...withoutKey } = acmeInput({ participantId: 'acme-edc-2', managementApiVersion: 'v3' });
    const edited = await save(who, organisationId, withoutKey);
    expect(edited.status).toBe(200);
    expect(edited.body.connector).toMatchObject({ participantId: 'acme-edc-2', managementApiVersion: 'v3' });

    const wrongKey = await save(who, organisationId, acmeInput({ participantId: 'acme-edc-3', apiKey: 'not-the-key' }));
    expect(wrongKey.status).toBe(400);
    expect(wrongKey.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(wrongKey.body.issues).toEqual([{ path: 'body.apiKey', message: expect.stringContaining('HTTP 401') }]);
    // The stored key still works: the connector stays as it was.
    expect((await getConnector(who, organisationId)).body.connector?.participantId).toBe('acme-edc-2');
    expect((await save(who, organisationId, withoutKey)).status).toBe(200);
  });

  it('answers 400 naming each missing or malformed field, and a first save without a key', async () => {
    const { who, organisationId } = await member('acme-bad-input@example.org');
    const empty = await save(who, organisationId, {});
    expect(empty.status).toBe(400);
    expect(empty.body.issues?.map((issue) => issue.path).sort()).toEqual([
      'body.managementUrl',
      'body.participantId',
      'body.protocolUrl',
    ]);
    const malformed = await save(
      who,
      organisationId,
      acmeInput({ participantId: 'two words', managementUrl: 'ftp://edc.example.org', managementApiVersion: 'v9' }),
    );
    expect(malformed.status).toBe(400);
    expect(malformed.body.issues?.map((issue) => issue.path).sort()).toEqual([
      'body.managementApiVersion',
      'body.managementUrl',
      'body.participantId',
    ]);
    const { apiKey: _key, ...withoutKey } = acmeInput();
    const keyless = await save(who, organisationId, withoutKey);
    expect(keyless.status).toBe(400);
    expect(keyless.body.issues).toEqual([{ path: 'body.apiKey', message: 'is required' }]);
    expect((await getConnector(who, organisationId)).body.connector).toBeNull();
  });

  it('speaks v4 to a connector that serves only v4 once its version API address is given, and checks that address', async () => {
    const currentEdc = await startSandbox({
      basePath: '/current-edc',
      participantId: 'current-edc',
      apiKey: ORG_KEY,
      managementApiVersions: ['v4'],
    });
    try {
      const { who, organisationId } = await member('acme-v4@example.org');
      const input = {
        participantId: 'current-edc',
        protocolUrl: currentEdc.addresses.protocol,
        managementUrl: currentEdc.addresses.management,
        apiKey: ORG_KEY,
      };
      // Without the version API, Automatic speaks v3, which this connector no longer serves.
      const withoutVersion = await save(who, organisationId, input);
      expect(withoutVersion.status).toBe(400);
      expect(withoutVersion.body.issues?.map((issue) => issue.path)).toEqual(['body.managementUrl']);

      const refused = await save(who, organisationId, {
        ...input,
        versionUrl: 'http://10.20.30.40/.well-known/version',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.issues?.map((issue) => issue.path)).toEqual(['body.versionUrl']);

      const saved = await save(who, organisationId, { ...input, versionUrl: currentEdc.addresses.version });
      expect(saved.status).toBe(200);
      expect(saved.body.connector).toMatchObject({
        managementApiVersion: 'auto',
        versionUrl: currentEdc.addresses.version,
      });
      expect(saved.body.checks.map((check) => check.outcome)).toEqual(['passed', 'passed']);
      expect((await getConnector(who, organisationId)).body.connector?.versionUrl).toBe(currentEdc.addresses.version);
    } finally {
      await currentEdc.close();
    }
  });

  it("refuses loopback and private addresses by the connectors' address policy", async () => {
    const { who, organisationId } = await member('acme-private@example.org');
    const refused = await save(
      who,
      organisationId,
      acmeInput({ managementUrl: 'http://[::1]:8181/management', protocolUrl: 'http://10.20.30.40/protocol' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.issues?.map((issue) => issue.path)).toEqual(['body.managementUrl', 'body.protocolUrl']);
    expect(refused.body.message).toContain('The connector cannot be registered');
    expect((await getConnector(who, organisationId)).body.connector).toBeNull();
  });

  it('answers 400 naming the management address that cannot be reached or is not an EDC', async () => {
    const { who, organisationId } = await member('acme-unreachable@example.org');
    const unreachable = await save(who, organisationId, acmeInput({ managementUrl: `${closedPortUrl}/management` }));
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.issues).toEqual([
      { path: 'body.managementUrl', message: expect.stringContaining('cannot be reached') },
    ]);
    const notEdc = await save(who, organisationId, acmeInput({ managementUrl: notAnEdcUrl }));
    expect(notEdc.status).toBe(400);
    expect(notEdc.body.issues).toEqual([
      { path: 'body.managementUrl', message: expect.stringContaining('not an EDC Management API') },
    ]);
    expect((await getConnector(who, organisationId)).body.connector).toBeNull();
  });

  it("answers 400 naming the participant when the catalog request to the marketplace's connector fails", async () => {
    const { who, organisationId } = await member('acme-catalog@example.org');
    const db = testApp.database.db;
    await db
      .updateTable('connectors')
      .set({ protocol_url: `${closedPortUrl}/protocol` })
      .where('id', '=', 'market-edc')
      .execute();
    try {
      const failed = await save(who, organisationId, acmeInput());
      expect(failed.status).toBe(400);
      expect(failed.body.issues).toEqual([
        { path: 'body.participantId', message: expect.stringContaining("marketplace's connector 'market-edc'") },
      ]);
      expect((await getConnector(who, organisationId)).body.connector).toBeNull();
    } finally {
      await db.updateTable('connectors').set({ protocol_url: null }).where('id', '=', 'market-edc').execute();
    }
  });

  it('leaves one consistent connector after 8 concurrent saves', async () => {
    const { who, organisationId } = await member('acme-concurrent@example.org');
    const versions = ['v3', 'auto'] as const;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        save(
          who,
          organisationId,
          acmeInput({ participantId: `acme-${index}`, managementApiVersion: versions[index % 2] }),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const links = await testApp.database.db
      .selectFrom('organisation_connectors')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .execute();
    expect(links).toHaveLength(1);
    const connectors = await testApp.database.db
      .selectFrom('connectors')
      .select(['id', 'management_api_version'])
      .where('id', 'like', `org-${organisationId}%`)
      .execute();
    expect(connectors).toHaveLength(1);
    // The row and its link were written by the same save.
    const index = Number(links[0]!.participant_id.split('-')[1]);
    expect(connectors[0]!.management_api_version).toBe(versions[index % 2]);
    const read = await getConnector(who, organisationId);
    expect(read.body.connector).toMatchObject({
      participantId: `acme-${index}`,
      managementApiVersion: versions[index % 2],
    });
  });

  it('keeps members of other organisations and users without one away, and lets an operator manage it', async () => {
    const owner = await member('acme-owner@example.org');
    const stranger = await member('stranger@example.org');
    const loner = await signIn(testApp, { email: 'no-organisation@example.org', organisation: null });
    expect((await save(owner.who, owner.organisationId, acmeInput())).status).toBe(200);

    for (const who of [stranger.who, loner]) {
      const read = await getConnector(who, owner.organisationId);
      expect(read.status).toBe(403);
      expect(read.body.code).toBe(ErrorCode.FORBIDDEN);
      expect(JSON.stringify(read.body)).not.toContain('acme-edc');
      expect((await save(who, owner.organisationId, acmeInput({ participantId: 'hijack' }))).status).toBe(403);
      expect((await remove(who, owner.organisationId)).status).toBe(403);
    }
    expect((await getConnector(owner.who, owner.organisationId)).body.connector?.participantId).toBe('acme-edc');

    expect((await getConnector(operator, owner.organisationId)).body.connector?.participantId).toBe('acme-edc');
    const edited = await save(operator, owner.organisationId, acmeInput({ participantId: 'acme-by-operator' }));
    expect(edited.status).toBe(200);
    expect((await getConnector(owner.who, owner.organisationId)).body.connector?.participantId).toBe(
      'acme-by-operator',
    );
    const unknown = await getConnector(operator, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect((await getConnector(operator, 'not-a-uuid')).status).toBe(400);

    expect((await remove(operator, owner.organisationId)).status).toBe(204);
    expect((await getConnector(owner.who, owner.organisationId)).body.connector).toBeNull();
  });

  it('is removed by a member, and goes when an operator removes the connector', async () => {
    const { who, organisationId } = await member('acme-remover@example.org');
    expect((await save(who, organisationId, acmeInput())).status).toBe(200);
    expect((await remove(who, organisationId)).status).toBe(204);
    expect((await getConnector(who, organisationId)).body.connector).toBeNull();
    const gone = await testApp.database.db
      .selectFrom('connectors')
      .select('id')
      .where('id', '=', `org-${organisationId}`)
      .execute();
    expect(gone).toEqual([]);
    const again = await remove(who, organisationId);
    expect(again.status).toBe(404);
    expect(again.body.message).toContain('no connector');

    expect((await save(who, organisationId, acmeInput())).status).toBe(200);
    const byOperator = await request(
      testApp.baseUrl,
      'DELETE',
      `/api/connectors/org-${organisationId}`,
      undefined,
      operator.headers,
    );
    expect(byOperator.status).toBe(204);
    expect((await getConnector(who, organisationId)).body.connector).toBeNull();
  });
});
