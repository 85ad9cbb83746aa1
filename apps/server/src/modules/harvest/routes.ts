import {
  addHarvestSourceEndpoint,
  listHarvestSourcesEndpoint,
  removeHarvestSourceEndpoint,
  runHarvestSourceEndpoint,
  ZErrorResponse,
  ZHarvestRunResponse,
  ZHarvestSource,
  ZHarvestSourceCreateRequest,
  ZHarvestSourceListResponse,
  ZHarvestSourceParams,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addSource } from './add-source';
import { yieldingTo } from './harvest-pace';
import { listSources } from './list-sources';
import { requireOperator } from './operator-policy';
import { removeSource } from './remove-source';
import { startHarvestRun } from './start-harvest-run';

/** The harvest API: operators only (`${PRODUCT_ID}_OPERATOR`, checked once for the whole plugin). */
export const harvestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireOperator);
  const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse };

  app.route({
    method: listHarvestSourcesEndpoint.method,
    url: listHarvestSourcesEndpoint.path,
    schema: {
      tags: ['harvest'],
      summary: 'Harvest sources with their last run',
      response: { 200: ZHarvestSourceListResponse, ...errors },
    },
    handler: async () => listSources(app.database.db),
  });

  app.route({
    method: addHarvestSourceEndpoint.method,
    url: addHarvestSourceEndpoint.path,
    schema: {
      tags: ['harvest'],
      summary: 'Register a harvest source',
      body: ZHarvestSourceCreateRequest,
      response: { 201: ZHarvestSource, 409: ZErrorResponse, ...errors },
    },
    handler: async (request, reply) => {
      const source = await addSource(app.database.db, request.body);
      await app.harvestSchedule?.sync();
      return reply.code(201).send(source);
    },
  });

  app.route({
    method: removeHarvestSourceEndpoint.method,
    url: removeHarvestSourceEndpoint.path,
    schema: {
      tags: ['harvest'],
      summary: 'Remove a harvest source; its offers are soft-deleted',
      params: ZHarvestSourceParams,
      response: { 204: z.null(), 404: ZErrorResponse, ...errors },
    },
    handler: async (request, reply) => {
      await removeSource(app.database.db, request.params.id);
      await app.harvestSchedule?.sync();
      return reply.code(204).send(null);
    },
  });

  app.route({
    method: runHarvestSourceEndpoint.method,
    url: runHarvestSourceEndpoint.path,
    schema: {
      tags: ['harvest'],
      summary: 'Harvest a source now',
      description: 'Answers when the run has finished; a failed run is resumed by the next one.',
      params: ZHarvestSourceParams,
      response: { 200: ZHarvestRunResponse, 404: ZErrorResponse, ...errors },
    },
    // The run is background work: it gives way to the users' requests and does not count as one of them.
    config: { isBackgroundWork: true },
    handler: async (request) =>
      startHarvestRun({
        db: app.database.backgroundDb,
        sourceId: request.params.id,
        pace: yieldingTo(app.interactiveLoad),
      }),
  });
};
