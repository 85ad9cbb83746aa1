import type { Catalog, ConnectorClient, Dataset, QueryOptions } from '@dsm/connector-client';
import { describe, expect, it } from 'vitest';
import { readFederatedCatalog } from './read-federated-catalog';

const dataset = (id: string): Dataset => ({ id, properties: {}, offers: [], distributions: [] }) as unknown as Dataset;
const catalog = (id: string, fields: Partial<Catalog> = {}): Catalog => ({
  id,
  datasets: [],
  services: [],
  catalogs: [],
  ...fields,
});

/** A client whose federated catalog answers `pages(offset, limit)` and records the queries. */
function clientOf(answer: (options: QueryOptions) => Catalog[]) {
  const queries: QueryOptions[] = [];
  const client = {
    federatedCatalog: {
      query: async (options: QueryOptions = {}) => {
        queries.push(options);
        return answer(options);
      },
    },
  } as unknown as ConnectorClient;
  return { client, queries };
}

const FALLBACK = { participantId: 'registered', protocolUrl: 'https://edc.example.org/registered/protocol' };

describe('readFederatedCatalog', () => {
  it('reads page after page of catalogs until a short page', async () => {
    const all = Array.from({ length: 13 }, (_, index) =>
      catalog(`c${index}`, { participantId: `p${index}`, datasets: [dataset(`d${index}`)] }),
    );
    const { client, queries } = clientOf(({ offset = 0, limit = 50 }) => all.slice(offset, offset + limit));
    const read = await readFederatedCatalog(client, FALLBACK);
    expect(read.map((entry) => entry.dataset.id)).toEqual(all.map((_, index) => `d${index}`));
    expect(read[12]!.participantId).toBe('p12');
    expect(queries).toEqual([
      { offset: 0, limit: 10 },
      { offset: 10, limit: 10 },
    ]);
  });

  it("gives each dataset of nested catalogs its own catalog's participant and DSP address, else the enclosing one's", async () => {
    const root = catalog('root', {
      datasets: [dataset('at-root')],
      catalogs: [
        catalog('harbour', {
          participantId: 'urn:harbour',
          originator: 'https://harbour.example.org/protocol',
          datasets: [dataset('moves')],
          catalogs: [catalog('deeper', { datasets: [dataset('tides')] })],
        }),
        catalog('fleet', {
          participantId: 'urn:fleet',
          services: [{ id: 'svc', endpointUrl: 'https://fleet.example.org/protocol' }],
          datasets: [dataset('parking'), dataset('moves')],
        }),
      ],
    });
    const { client } = clientOf(() => [root]);
    expect(await readFederatedCatalog(client, FALLBACK)).toEqual([
      { dataset: dataset('at-root'), ...FALLBACK },
      { dataset: dataset('moves'), participantId: 'urn:harbour', protocolUrl: 'https://harbour.example.org/protocol' },
      { dataset: dataset('tides'), participantId: 'urn:harbour', protocolUrl: 'https://harbour.example.org/protocol' },
      { dataset: dataset('parking'), participantId: 'urn:fleet', protocolUrl: 'https://fleet.example.org/protocol' },
    ]);
  });

  it('stops when a federated catalog ignoring paging answers the same full page again', async () => {
    const page = Array.from({ length: 10 }, (_, index) => catalog(`c${index}`, { datasets: [dataset(`d${index}`)] }));
    const { client, queries } = clientOf(() => page);
    expect(await readFederatedCatalog(client, FALLBACK)).toHaveLength(10);
    expect(queries).toHaveLength(2);
  });
});
