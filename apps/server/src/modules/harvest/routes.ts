import {
  addHarvestSourceEndpoint,
  listHarvestSourcesEndpoint,
  removeHarvestSourceEndpoint,
  runHarvestSourceEndpoint,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint } from '../../lib/register-endpoint';
import { addSource } from './add-source';
import { yieldingTo } from './harvest-pace';
import { listSources } from './list-sources';
import { requireOperator } from './operator-policy';
import { removeSource } from './remove-source';
import { startHarvestRun } from './start-harvest-run';

/** The harvest API: operators only (`${PRODUCT_ID}_OPERATOR`, checked once for the whole plugin). */
export const harvestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireOperator);
  registerEndpoint(app, listHarvestSourcesEndpoint, {
    handler: async () => listSources(app.database.db),
  });

  registerEndpoint(app, addHarvestSourceEndpoint, {
    handler: async (request, reply) => {
      const source = await addSource(app.database.db, request.body);
      await app.harvestSchedule?.sync();
      return reply.code(201).send(source);
    },
  });

  registerEndpoint(app, removeHarvestSourceEndpoint, {
    handler: async (request, reply) => {
      await removeSource(app.database.db, request.params.id);
      await app.harvestSchedule?.sync();
      return reply.code(204).send(null);
    },
  });

  registerEndpoint(app, runHarvestSourceEndpoint, {
    // The run is background work: it gives way to the users' requests and does not count as one of them.
    config: { isBackgroundWork: true },
    handler: async (request) =>
      startHarvestRun({
        db: app.database.backgroundDb,
        sourceId: request.params.id,
        pace: yieldingTo(app.interactiveLoad),
        ...(app.harvestSchedule?.runNow ? { runOnWorker: app.harvestSchedule.runNow } : {}),
      }),
  });
};
