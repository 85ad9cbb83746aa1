// HAProxy for `npm run cluster`, its test and the benchmark: where it is (installed with Debian's package when
// missing) and its configuration, written from scripts/haproxy.cfg.template.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebianPackage } from './debian-package.mjs';

const scriptsDir = path.dirname(fileURLToPath(import.meta.url));
export const HAPROXY = '/usr/sbin/haproxy';
export const HAPROXY_TEMPLATE = path.join(scriptsDir, 'haproxy.cfg.template');

/** Makes sure Debian's haproxy is installed (as root it installs the package, otherwise it says how and exits); answers its path. */
export function ensureHaproxy() {
  ensureDebianPackage({ program: HAPROXY, name: 'haproxy', usedBy: 'Several server processes behind a load balancer' });
  return HAPROXY;
}

/**
 * The configuration for a balancer at `bind` (host:port) in front of `servers` ({ name, host, port }), its stats
 * socket at `statsSocket`; the health checks send `healthHost` (the public host) as their Host header.
 */
export function renderHaproxyConfig({ bind, servers, statsSocket, healthHost = bind }) {
  const values = {
    BIND: bind,
    STATS_SOCKET: statsSocket,
    HEALTH_HOST: healthHost,
    SERVERS: servers.map((server) => `  server ${server.name} ${server.host}:${server.port}`).join('\n'),
  };
  return readFileSync(HAPROXY_TEMPLATE, 'utf8').replace(/\{\{(\w+)\}\}/g, (match, key) => values[key] ?? match);
}
