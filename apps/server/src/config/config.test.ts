import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('harvest settings', () => {
  it('allow no private host and no file through the API by default', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db.internal/marketplace' }).harvest).toEqual({
      allowedHosts: [],
      fileDir: undefined,
    });
    expect(loadConfig({ DEMO_DATA: 'false' }).harvest).toEqual({ allowedHosts: [], fileDir: undefined });
  });

  it('read the demo’s files from DATA_DIR/harvest-sources, where its ready source is, unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: 'demo-data-dir' }).harvest.fileDir).toBe(
      path.resolve('demo-data-dir', 'harvest-sources'),
    );
    expect(loadConfig({ DATA_DIR: 'demo-data-dir', HARVEST_FILE_DIR: 'catalogues' }).harvest.fileDir).toBe(
      path.resolve('catalogues'),
    );
  });

  it('read HARVEST_ALLOWED_HOSTS as lower-case names and HARVEST_FILE_DIR as an absolute folder', () => {
    const config = loadConfig({
      HARVEST_ALLOWED_HOSTS: ' Catalog.Internal, 10.0.4.17 ',
      HARVEST_FILE_DIR: 'catalogues',
    });
    expect(config.harvest).toEqual({
      allowedHosts: ['catalog.internal', '10.0.4.17'],
      fileDir: path.resolve('catalogues'),
    });
  });

  it('refuse a host list that is not host names, naming the variable', () => {
    expect(() => loadConfig({ HARVEST_ALLOWED_HOSTS: 'http://evil/' })).toThrow(ConfigError);
    expect(() => loadConfig({ HARVEST_ALLOWED_HOSTS: 'http://evil/' })).toThrow(/HARVEST_ALLOWED_HOSTS/);
  });
});

describe('DEMO_DATA', () => {
  it('is on in the embedded mode only, unless set', () => {
    expect(loadConfig({}).hasDemoData).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db' }).hasDemoData).toBe(false);
    expect(loadConfig({ OIDC_ISSUER: 'https://login.example.org/realms/market' }).hasDemoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db', DEMO_DATA: 'true' }).hasDemoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'off' }).hasDemoData).toBe(false);
    expect(() => loadConfig({ DEMO_DATA: 'maybe' })).toThrow(/DEMO_DATA="maybe": must be true or false/);
  });
});

describe('LEGAL_*_DATE', () => {
  it('dates the legal texts as the product ships them unless the operator sets their dates', () => {
    expect(loadConfig({}).operator.legalDates).toEqual({ privacyPolicy: '2019-04-01', terms: '2020-02-26' });
    const config = loadConfig({ LEGAL_PRIVACY_POLICY_DATE: '2026-03-15', LEGAL_TERMS_DATE: '2026-07-01' });
    expect(config.operator.legalDates).toEqual({ privacyPolicy: '2026-03-15', terms: '2026-07-01' });
    expect(config.operator.isDemo).toBe(true);
  });

  it('refuses a date that is not a day written yyyy-mm-dd', () => {
    expect(() => loadConfig({ LEGAL_TERMS_DATE: '26/02/2020' })).toThrow(/LEGAL_TERMS_DATE="26\/02\/2020"/);
    expect(() => loadConfig({ LEGAL_PRIVACY_POLICY_DATE: '2026-02-30' })).toThrow(/LEGAL_PRIVACY_POLICY_DATE/);
  });
});

describe('METRICS_PORT and METRICS_HOST', () => {
  it('serve no metrics unless METRICS_PORT is set, and then on loopback unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({}).metrics).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      port: 9464,
      host: '10.0.0.5',
    });
  });

  it('refuse a port that is not one, naming the variable', () => {
    expect(() => loadConfig({ METRICS_PORT: 'prometheus' })).toThrow(/METRICS_PORT="prometheus"/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT="70000"/);
  });
});

describe("the marketplace's own connector", () => {
  it("is the demo 'provider' sandbox where the sandboxes run, none otherwise, and the one named", () => {
    expect(loadConfig({}).marketplaceConnectorId).toBe('provider');
    expect(loadConfig({ DATABASE_URL: 'postgres://db.internal/marketplace' }).marketplaceConnectorId).toBeUndefined();
    expect(loadConfig({ SANDBOX_CONNECTORS: 'false' }).marketplaceConnectorId).toBeUndefined();
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db.internal/marketplace', MARKETPLACE_CONNECTOR_ID: 'market-edc' })
        .marketplaceConnectorId,
    ).toBe('market-edc');
    expect(() => loadConfig({ MARKETPLACE_CONNECTOR_ID: 'not an id' })).toThrow(/MARKETPLACE_CONNECTOR_ID/);
  });
});
