import { encodePublisherId, type TPublisher } from '@dsm/contracts';
import type { TPublisherOrganisation } from '../organisations/find-publisher-organisation';
import type { TPublisherAgentRow } from './publishers-repository';

/**
 * The name the search index files an agent's offers under (the `publishers` facet and filter): its name,
 * else first and last name, else its IRI. Mirrors `read-index-sources.ts`.
 */
export function publisherSearchName(agent: TPublisherAgentRow): string {
  return agent.name ?? ([agent.first_name, agent.last_name].filter(Boolean).join(' ').trim() || agent.id);
}

export type TPresentPublisherOptions = {
  agent: TPublisherAgentRow;
  searchName: string;
  organisation: TPublisherOrganisation | undefined;
  country: string | null;
  offerCount: number;
  isOfferCountCapped: boolean;
};

/** A publisher as its public page shows it. */
export function presentPublisher(options: TPresentPublisherOptions): TPublisher {
  const { agent, searchName, organisation } = options;
  return {
    '@id': agent.id,
    id: encodePublisherId(agent.id),
    type: agent.type,
    name: organisation?.legalName || searchName,
    searchName,
    country: options.country,
    city: organisation?.city || null,
    offerCount: options.offerCount,
    isOfferCountCapped: options.isOfferCountCapped,
  };
}
