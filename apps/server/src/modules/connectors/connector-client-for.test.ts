import { describe, expect, it } from 'vitest';
import { CLIENT_REUSE_MS, connectorClientFor } from './connector-client-for';
import type { TConnectorRow } from './connector-repository';

const connector: TConnectorRow = {
  id: 'current',
  name: 'Current EDC',
  url: 'https://edc.example.org/current',
  apiKey: 'key-1',
  isSandbox: false,
  managementApiVersion: 'auto',
  versionUrl: 'https://edc.example.org/current/.well-known/version',
};

describe('connectorClientFor', () => {
  it('serves one registration with one client for a minute, so the version it found is asked once', () => {
    const first = connectorClientFor(connector, 1_000);
    expect(connectorClientFor({ ...connector }, 1_000 + CLIENT_REUSE_MS - 1)).toBe(first);
    expect(connectorClientFor(connector, 1_000 + CLIENT_REUSE_MS)).not.toBe(first);
  });

  it('makes a new client when the registration changes: its key, its version or its version address', () => {
    const first = connectorClientFor(connector, 5_000);
    expect(connectorClientFor({ ...connector, apiKey: 'key-2' }, 5_000)).not.toBe(first);
    expect(connectorClientFor({ ...connector, managementApiVersion: 'v4' }, 5_000)).not.toBe(first);
    expect(connectorClientFor({ ...connector, versionUrl: null }, 5_000)).not.toBe(first);
    expect(connectorClientFor({ ...connector, managementApiVersion: 'v4' }, 5_000).managementApiVersion).toBe('v4');
  });
});
