import { isNode, type JsonNode, node, normalize } from '@dsm/connector-client/json-ld';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildCatalog, buildDataset } from '../catalog';
import type { SandboxContext } from '../context';
import { callerIdentity } from '../dsp-client';
import { badRequest, notFound } from '../http-errors';
import type { Negotiations } from '../negotiations';
import { readQuerySpec } from '../query';
import type { Transfers } from '../transfers';

type Id = { Params: { id: string } };

function message(body: unknown): JsonNode {
  const normalized = normalize(body);
  if (!isNode(normalized)) throw badRequest('the message must be a JSON object');
  return normalized;
}

const caller = (request: FastifyRequest) => callerIdentity(request.headers.authorization);

/** The dataspace protocol endpoints other connectors call: catalog, negotiations, transfers. */
export function dspRoutes(
  context: SandboxContext,
  negotiations: Negotiations,
  transfers: Transfers,
  options: { isVersionRoot: boolean },
) {
  return async (app: FastifyInstance) => {
    if (options.isVersionRoot) {
      app.get('/.well-known/dspace-version', async () => ({
        protocolVersions: [
          { version: '2025-1', path: '/2025-1', binding: 'HTTPS' },
          { version: 'v0.8', path: '/', binding: 'HTTPS' },
        ],
      }));
    }

    app.post('/catalog/request', async (request) => {
      caller(request);
      const n = message(request.body);
      return buildCatalog(context, readQuerySpec(node(n.filter)));
    });
    app.get<Id>('/catalog/datasets/:id', async (request) => {
      caller(request);
      const dataset = buildDataset(context, request.params.id);
      if (dataset === undefined) throw notFound('Dataset', request.params.id);
      return dataset;
    });

    /** A DSP message about one process, answered with an empty 200 once handled. */
    const onMessage = (path: string, handle: (caller: string, pid: string, body: unknown) => void) =>
      app.post<Id>(path, async (request, reply) => {
        handle(caller(request), request.params.id, request.body);
        return reply.status(200).send();
      });

    // A request starts a process of either kind; its view and its termination work alike for both.
    for (const [path, processes] of [
      ['/negotiations', negotiations],
      ['/transfers', transfers],
    ] as const) {
      app.post(`${path}/request`, async (request, reply) =>
        reply.status(201).send(processes.onRequest(caller(request), message(request.body))),
      );
      app.get<Id>(`${path}/:id`, async (request) => processes.viewOf(caller(request), request.params.id));
      onMessage(`${path}/:id/termination`, (who, pid, body) => processes.onTermination(who, pid, message(body)));
    }

    onMessage('/negotiations/:id/agreement', (who, pid, body) => negotiations.onAgreement(who, pid, message(body)));
    onMessage('/negotiations/:id/agreement/verification', (who, pid) => negotiations.onVerification(who, pid));
    onMessage('/negotiations/:id/events', (who, pid, body) => negotiations.onEvent(who, pid, message(body)));

    onMessage('/transfers/:id/start', (who, pid, body) => transfers.onStart(who, pid, message(body)));
    onMessage('/transfers/:id/completion', (who, pid) => transfers.onCompletion(who, pid));
  };
}
