import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config/config';
import { startServer, type TRunningServer } from './server';
import { createTestDatabase, type TTestDatabase } from './test/test-database';

// The server as an operator starts it with METRICS_PORT: the metrics on a listener of their own, on loopback unless
// METRICS_HOST opens them, and never on the public port (docs/operations.md, "Metrics").

/** Ports of this file (20230-20239). */
const PORT = 20_230;
const METRICS_PORT = 20_231;

let database: TTestDatabase;
let folder: string;
let server: TRunningServer;
const lines: string[] = [];

/** The local addresses listening on `port`, from /proc/net/tcp and tcp6 (hex, as the kernel writes them). */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return [];
    }
    return text
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A')
      .map((fields) => fields[1]!.split(':')[0]!);
  });
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(2_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** An IPv4 address of this machine other than loopback, if it has one. */
function otherAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
}

beforeAll(async () => {
  database = await createTestDatabase();
  folder = await mkdtemp(path.join(os.tmpdir(), 'dsm-metrics-port-'));
  const config = loadConfig({
    DATABASE_URL: database.url,
    PORT: String(PORT),
    // The public port on every interface, as behind a balancer on another machine; the metrics keep their default.
    HOST: '0.0.0.0',
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    METRICS_PORT: String(METRICS_PORT),
    DATA_DIR: path.join(folder, 'data'),
    SEARCH_INDEX_DIR: path.join(folder, 'index'),
    SEARCH_WORKERS: '1',
    SEED_DATASETS: '0',
    DEMO_DATA: 'false',
    SANDBOX_CONNECTORS: 'false',
    LOG_LEVEL: 'silent',
  });
  server = await startServer({ config, log: (line) => lines.push(line) });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  await rm(folder, { recursive: true, force: true });
});

describe('a server started with METRICS_PORT', () => {
  it('serves /metrics on that port, bound to 127.0.0.1, and not on the public port', async () => {
    expect((await fetch(`http://127.0.0.1:${PORT}/healthz`)).status).toBe(200);
    expect(lines).toContain(`Prometheus metrics at http://127.0.0.1:${METRICS_PORT}/metrics`);

    const scrape = await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toContain('text/plain');
    const text = await scrape.text();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toMatch(/^http_request_duration_seconds_count\{.*route="\/healthz".*\} [1-9]/m);
    expect(text).toMatch(/^metrics_source_up\{source="index_lag"\} 1$/m);

    // The public port knows no /metrics: a 404, or the web app's page for an unknown address once the web is built.
    const onPublicPort = await fetch(`http://127.0.0.1:${PORT}/metrics`);
    expect(onPublicPort.headers.get('content-type') ?? '').not.toContain('text/plain');
    expect(await onPublicPort.text()).not.toContain('http_request_duration_seconds');

    // Listening on loopback alone (0100007F is 127.0.0.1 as /proc/net/tcp writes it, byte by byte from the end), while the public port listens on all.
    expect(listeningAddresses(METRICS_PORT)).toEqual(['0100007F']);
    expect(listeningAddresses(PORT)).toContain('00000000');
    const address = otherAddress();
    if (address) {
      expect(await accepts(address, PORT)).toBe(true);
      expect(await accepts(address, METRICS_PORT)).toBe(false);
    }
  });
});
