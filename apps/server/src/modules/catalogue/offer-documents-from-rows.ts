import type { TAgent, TDataset, TOffer, TPaymentModel } from '@dsm/contracts';
import type { Selectable } from 'kysely';
import type { TDb } from '../../db/database';
import type { TAgentTable } from '../../db/schema';
import { OFFER_TEXT_COLUMNS } from './catalogue-rows';
import { SUPPLIER_AGENT_PREFIX } from './supplier-agent';

type TAgentRow = Selectable<TAgentTable>;

function presentAgent(row: TAgentRow | undefined, id: string): TAgent {
  if (!row) return { '@id': id, '@type': 'foaf:Organization' };
  const agent: TAgent = { '@id': row.id, '@type': row.type };
  if (row.type === 'foaf:Organization') {
    if (row.name) agent['foaf:name'] = row.name;
  } else {
    if (row.first_name) agent['foaf:firstName'] = row.first_name;
    if (row.last_name) agent['foaf:lastName'] = row.last_name;
  }
  // A supplier's agent holds the user's sign-in address, which was never published: the offer's author and
  // maintainer addresses are the contacts the supplier chose to show.
  if (row.email && !row.id.startsWith(SUPPLIER_AGENT_PREFIX)) agent['foaf:mbox'] = `mailto:${row.email}`;
  return agent;
}

const iso = (value: Date | null): string | null =>
  value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString() : null;

const toNumber = (value: string | number | null): number | null => {
  if (value === null) return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
};

/**
 * `loadOfferDocuments` as four statements of rows (offers and datasets, then distributions and agents) presented
 * in JavaScript: how it reads more than ONE_STATEMENT_UP_TO offers, where PostgreSQL sends rows for less than it
 * builds JSON. The one-statement reading is tested against it (offer-documents.test.ts) and measured beside it
 * (`npm run bench:offer-documents`).
 */
export async function loadOfferDocumentsFromRows(db: TDb, ids: readonly string[]): Promise<TOffer[]> {
  if (ids.length === 0) return [];
  const idList = [...ids];
  const [offers, datasets] = await Promise.all([
    db
      .selectFrom('offers')
      .select([...OFFER_TEXT_COLUMNS, 'payment_model', 'price', 'is_sellable', 'state', 'likes'])
      .where('id', '=', (eb) => eb.fn.any(eb.val(idList)))
      .execute(),
    db
      .selectFrom('datasets')
      .selectAll()
      .where('offer_id', '=', (eb) => eb.fn.any(eb.val(idList)))
      .orderBy('offer_id')
      .orderBy('position')
      .execute(),
  ]);
  const datasetIds = datasets.map((dataset) => dataset.id);
  const agentIds = new Set<string>();
  for (const dataset of datasets) {
    agentIds.add(dataset.publisher_id);
    if (dataset.creator_id) agentIds.add(dataset.creator_id);
    if (dataset.custodian_id) agentIds.add(dataset.custodian_id);
  }
  const [distributions, agents] = await Promise.all([
    datasetIds.length === 0
      ? []
      : db
          .selectFrom('distributions')
          .selectAll()
          .where('dataset_id', '=', (eb) => eb.fn.any(eb.val(datasetIds)))
          .orderBy('dataset_id')
          .orderBy('position')
          .execute(),
    agentIds.size === 0
      ? []
      : db
          .selectFrom('agents')
          .selectAll()
          .where('id', '=', (eb) => eb.fn.any(eb.val([...agentIds])))
          .execute(),
  ]);

  const agentById = new Map(agents.map((agent) => [agent.id, agent]));
  const distributionsByDataset = new Map<string, typeof distributions>();
  for (const distribution of distributions) {
    const list = distributionsByDataset.get(distribution.dataset_id) ?? [];
    list.push(distribution);
    distributionsByDataset.set(distribution.dataset_id, list);
  }
  const datasetsByOffer = new Map<string, TDataset[]>();
  for (const dataset of datasets) {
    const presented: TDataset = {
      '@id': dataset.id,
      'dcterms:issued': iso(dataset.issued),
      'dcterms:modified': iso(dataset.modified),
      'dcterms:publisher': presentAgent(agentById.get(dataset.publisher_id), dataset.publisher_id),
      'dcterms:creator': dataset.creator_id
        ? presentAgent(agentById.get(dataset.creator_id), dataset.creator_id)
        : null,
      'geodcatp:custodian': dataset.custodian_id
        ? presentAgent(agentById.get(dataset.custodian_id), dataset.custodian_id)
        : null,
      'dcat:theme': dataset.themes.map((theme) => ({ '@id': theme, label: theme })),
      'dcat:keyword': [],
      'dcat:distribution': (distributionsByDataset.get(dataset.id) ?? []).map((distribution) => ({
        '@id': distribution.id,
        'dcterms:title': distribution.title,
        'dcat:mediaType': distribution.media_type,
        'dcterms:format': distribution.format,
        'dcterms:license': distribution.licence,
        'dcat:accessURL': distribution.access_url,
        'dcat:byteSize': toNumber(distribution.byte_size),
        // The catalogue's own reading; `presentAccessUrlsFor` withholds URLs per user before an answer leaves.
        isAccessRestricted: false,
        isPublicSample: distribution.is_public_sample,
      })),
    };
    const list = datasetsByOffer.get(dataset.offer_id) ?? [];
    list.push(presented);
    datasetsByOffer.set(dataset.offer_id, list);
  }

  const offerById = new Map(offers.map((offer) => [offer.id, offer]));
  const documents: TOffer[] = [];
  for (const id of ids) {
    const offer = offerById.get(id);
    if (!offer) continue;
    const offerDatasets = datasetsByOffer.get(id) ?? [];
    for (const dataset of offerDatasets) dataset['dcat:keyword'] = offer.keywords;
    documents.push({
      '@id': offer.id,
      title: offer.title,
      description: { '@value': offer.description, '@language': offer.language },
      paymentModel: offer.payment_model as TPaymentModel,
      price: Number(offer.price),
      // An offer its supplier unpublished stays readable (it may be liked or bought) but is not on sale.
      isSellable: offer.is_sellable && offer.state === 'ACTIVE',
      likes: offer.likes,
      keywords: offer.keywords,
      categories: offer.categories,
      datasets: offerDatasets,
    });
  }
  return documents;
}
