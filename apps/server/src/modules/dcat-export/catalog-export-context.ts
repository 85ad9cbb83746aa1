import type { TDb } from '../../db/database';
import type { TAccessViewer } from '../entitlements/withhold-access-urls';

/** What an export of the catalogue (a page, an offer) reads, links to and is made for. */
export type TCatalogExportContext = {
  db: TDb;
  /** `{PUBLIC_URL}/api/catalog`: the catalogue's IRI and the base of its datasets' IRIs. */
  catalogUrl: string;
  /** The marketplace page of an offer (where access to a paid offer is bought). */
  offerPageUrl: (offerId: string) => string;
  /** Whom the export is for: a paid offer's URLs are withheld unless they supply it or are entitled to it. */
  viewer: TAccessViewer;
};
