import { CONNECTOR_HEALTH_CHECKS, type TConnectorHealthResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { connectorMessage } from '../deliveries/connector-message';
import { openConsole } from './open-console';

/**
 * Asks a connector's four health checks at once. A check that cannot be asked counts as unhealthy with the
 * connector's message, so the page shows every check even when the connector is down.
 */
export async function checkConnectorHealth(db: TDb, connectorId: string): Promise<TConnectorHealthResponse> {
  const { client } = await openConsole(db, connectorId);
  const checks = await Promise.all(
    CONNECTOR_HEALTH_CHECKS.map(async (name) => {
      try {
        const status = await client.health[name]();
        return {
          name,
          isHealthy: status.isSystemHealthy,
          components: status.componentResults.map((result) => ({
            component: result.component ?? '',
            isHealthy: result.isHealthy,
            failure: result.failure?.failureDetail ?? result.failure?.messages?.join('; ') ?? null,
          })),
          error: null,
        };
      } catch (error) {
        return { name, isHealthy: false, components: [], error: connectorMessage(error) };
      }
    }),
  );
  return { checks };
}
