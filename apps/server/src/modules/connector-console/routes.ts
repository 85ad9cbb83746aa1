import {
  connectorHealthEndpoint,
  consoleAssetCreateEndpoint,
  consoleAssetDeleteEndpoint,
  consoleAssetListEndpoint,
  consoleAssetUpdateEndpoint,
  consoleContractDefinitionCreateEndpoint,
  consoleContractDefinitionDeleteEndpoint,
  consoleContractDefinitionListEndpoint,
  consolePolicyDefinitionCreateEndpoint,
  consolePolicyDefinitionDeleteEndpoint,
  consolePolicyDefinitionListEndpoint,
} from '@dsm/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerEndpoint } from '../../lib/register-endpoint';
import { requireConnectorOperator } from '../connectors/connector-operator-policy';
import { checkConnectorHealth } from './check-connector-health';
import { createHandler, deleteObjectHandler, readHandler } from './console-handlers';
import { createConsoleContractDefinition } from './create-console-contract-definition';
import { createConsolePolicyDefinition } from './create-console-policy-definition';
import { consoleDataspaceRoutes } from './dataspace-routes';
import { listConsoleAssets } from './list-console-assets';
import { listConsoleContractDefinitions } from './list-console-contract-definitions';
import { listConsolePolicyDefinitions } from './list-console-policy-definitions';
import { saveConsoleAsset } from './save-console-asset';

/**
 * The connector console: operators manage a registered connector through its Management API. Each endpoint's
 * method, path, payloads, tag and failures are declared in its contract (`consoleApi`); here each gets its
 * handler, and the operator policy guards them all.
 */
export const connectorConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every console call needs the operator role: one check for the whole plugin.
  app.addHook('preValidation', requireConnectorOperator);
  const db = () => app.database.db;
  await app.register(consoleDataspaceRoutes);

  registerEndpoint(app, connectorHealthEndpoint, { handler: readHandler(checkConnectorHealth) });

  registerEndpoint(app, consoleAssetListEndpoint, {
    handler: async (request) => listConsoleAssets(db(), request.params.connectorId, request.query),
  });

  registerEndpoint(app, consoleAssetCreateEndpoint, {
    handler: async (request, reply) =>
      reply.status(201).send(await saveConsoleAsset(db(), request.params.connectorId, request.body, true)),
  });

  registerEndpoint(app, consoleAssetUpdateEndpoint, {
    handler: async (request) =>
      saveConsoleAsset(db(), request.params.connectorId, { ...request.body, id: request.params.objectId }, false),
  });

  registerEndpoint(app, consoleAssetDeleteEndpoint, { handler: deleteObjectHandler('assets') });

  registerEndpoint(app, consolePolicyDefinitionListEndpoint, { handler: readHandler(listConsolePolicyDefinitions) });

  registerEndpoint(app, consoleContractDefinitionListEndpoint, {
    handler: readHandler(listConsoleContractDefinitions),
  });

  registerEndpoint(app, consoleContractDefinitionCreateEndpoint, {
    handler: createHandler(createConsoleContractDefinition),
  });

  registerEndpoint(app, consoleContractDefinitionDeleteEndpoint, {
    handler: deleteObjectHandler('contractDefinitions'),
  });

  registerEndpoint(app, consolePolicyDefinitionCreateEndpoint, {
    handler: createHandler(createConsolePolicyDefinition),
  });

  registerEndpoint(app, consolePolicyDefinitionDeleteEndpoint, { handler: deleteObjectHandler('policyDefinitions') });
};
