import { decodePublisherId, ErrorCode, type TPublisher } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findCountryOfOffers } from '../catalogue/find-country-of-offers';
import { findPublisherOrganisation } from '../organisations/find-publisher-organisation';
import { type ISearchIndex, NO_INDEX_FILTER } from '../search/index/search-index';
import { presentPublisher, publisherSearchName } from './present-publisher';
import { findAgent } from './publishers-repository';

export type TGetPublisherOptions = {
  db: TDb;
  searchIndex: ISearchIndex;
  /** The publisher's IRI as base64url (`encodePublisherId`). */
  encodedId: string;
};

/** How many of the publisher's newest offers are asked for a country. */
const COUNTRY_SAMPLE = 10;

/**
 * One publisher for its public page: its name and where it is (the selling organisation's legal name, city
 * and country when one sells as it), and how many offers the search index holds under its name. An id no
 * agent has is a 404.
 */
export async function getPublisher({ db, searchIndex, encodedId }: TGetPublisherOptions): Promise<TPublisher> {
  const iri = decodePublisherId(encodedId);
  const agent = iri === null ? undefined : await findAgent(db, iri);
  if (!agent) throw new AppError(ErrorCode.NOT_FOUND, 'No publisher has this id');
  const searchName = publisherSearchName(agent);
  const [organisation, offers] = await Promise.all([
    findPublisherOrganisation(db, agent.id),
    searchIndex.search({
      terms: [],
      exact: true,
      sort: 'newest',
      filter: { ...NO_INDEX_FILTER, publishers: [searchName] },
      offset: 0,
      limit: COUNTRY_SAMPLE,
    }),
  ]);
  const country = organisation?.country ?? (await findCountryOfOffers(db, agent.id, offers.offerIds));
  return presentPublisher({
    agent,
    searchName,
    organisation,
    country,
    offerCount: offers.total,
    isOfferCountCapped: offers.isTotalCapped,
  });
}
