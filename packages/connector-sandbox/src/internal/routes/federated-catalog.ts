import { isNode, node, normalize, text } from '@dsm/connector-client/json-ld';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { DSP_CONTEXT, sendDsp } from '../dsp-client';
import { applyQuery, readQuerySpec } from '../query';

/**
 * The federated catalog: asks every configured node (a DSP address) for its catalog at query time, so answers are
 * always fresh. Nodes that cannot be reached are left out, as a crawler would.
 */
export function federatedCatalogRoutes(context: SandboxContext) {
  return async (app: FastifyInstance) => {
    app.post('/v1alpha/catalog/query', async (request) => {
      const query = readQuerySpec(normalize(request.body));
      const answers = await Promise.all(
        context.federatedCatalogNodes().map((address) =>
          sendDsp(context, `${address.replace(/\/+$/, '')}/catalog/request`, {
            body: { '@context': DSP_CONTEXT, '@type': 'CatalogRequestMessage' },
          }).catch(() => undefined),
        ),
      );
      const catalogs = answers.filter(isNode);
      return applyQuery(catalogs, query, (catalog) => {
        const n = node(normalize(catalog));
        return { ...n, id: text(n['@id']) };
      });
    });
  };
}
