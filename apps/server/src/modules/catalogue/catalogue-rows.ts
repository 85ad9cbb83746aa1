import type { Insertable, Selectable } from 'kysely';
import type { TDatasetTable, TDistributionTable, TOfferTable } from '../../db/schema';

/**
 * The catalogue's rows, derived from the schema (`db/schema.ts`) so that a column changes in one place. The
 * catalogue module is the only one that reads or writes the offers, datasets and distributions tables; the
 * others call its use cases.
 */

/** An offer as stored. */
export type TOfferRow = Selectable<TOfferTable>;
/** The columns of an offer's own words, named alike in the table, the catalogue's records and the search index. */
export const OFFER_TEXT_COLUMNS = ['id', 'title', 'description', 'language', 'keywords', 'categories'] as const;
/** An offer's own words (OFFER_TEXT_COLUMNS). */
export type TOfferText = Pick<TOfferRow, (typeof OFFER_TEXT_COLUMNS)[number]>;
/** A dataset as stored. */
export type TDatasetRow = Selectable<TDatasetTable>;
/** A distribution (an offer's endpoint) as stored. */
export type TDistributionRow = Selectable<TDistributionTable>;

/**
 * The values a load writes into the columns K of a table: the schema's insert types, every column given, bigint
 * left out (COPY and JSON take text and numbers).
 */
export type TWrittenRow<TTable, K extends keyof Insertable<TTable>> = {
  [C in K]-?: Exclude<Insertable<TTable>[C], bigint | undefined>;
};

/** The offer columns a supplier's wizard input fills in. */
type TWrittenOfferColumn =
  | 'id'
  | 'title'
  | 'description'
  | 'language'
  | 'keywords'
  | 'categories'
  | 'payment_model'
  | 'price'
  | 'currency'
  | 'is_sellable'
  | 'author'
  | 'author_email'
  | 'maintainer'
  | 'maintainer_email'
  | 'provider'
  | 'access_type'
  | 'content_type'
  | 'pricing_option'
  | 'geo_restriction'
  | 'time_restriction'
  | 'time_unit'
  | 'connector_id'
  | 'publisher_id'
  | 'owner_id'
  | 'modified'
  | 'total_bytes';

/** The dataset columns a supplier's wizard input fills in. */
type TWrittenDatasetColumn = 'id' | 'offer_id' | 'position' | 'issued' | 'modified' | 'publisher_id' | 'themes';

/** The distribution columns a supplier's wizard input fills in. */
type TWrittenDistributionColumn =
  | 'id'
  | 'dataset_id'
  | 'position'
  | 'title'
  | 'description'
  | 'media_type'
  | 'format'
  | 'licence'
  | 'access_url'
  | 'byte_size'
  | 'size_unit'
  | 'is_public_sample';

/** The catalogue rows one wizard input becomes: the offer, its one dataset and a distribution per endpoint. */
export type TOfferRows = {
  offer: Required<Pick<Insertable<TOfferTable>, TWrittenOfferColumn>>;
  dataset: Required<Pick<Insertable<TDatasetTable>, TWrittenDatasetColumn>>;
  distributions: Required<Pick<Insertable<TDistributionTable>, TWrittenDistributionColumn>>[];
};

/** A stored offer as read back for its owner: the columns of its wizard input but those the server derives. */
export type TStoredOffer = Pick<
  TOfferRow,
  Exclude<
    TWrittenOfferColumn,
    'id' | 'is_sellable' | 'provider' | 'publisher_id' | 'owner_id' | 'modified' | 'total_bytes'
  >
>;

/** A stored endpoint as read back for its offer's owner: the columns of its wizard input but its place. */
export type TStoredDistribution = Pick<
  TDistributionRow,
  Exclude<TWrittenDistributionColumn, 'id' | 'dataset_id' | 'position'>
>;

/** The dataset id of a wizard offer: one dataset per offer. */
export const datasetIdOf = (offerId: string): string => `${offerId}/dataset/0`;

/** The distribution id of an offer's endpoint at a position of the endpoints table. */
export const distributionIdOf = (offerId: string, position: number): string => `${offerId}/distribution/${position}`;
