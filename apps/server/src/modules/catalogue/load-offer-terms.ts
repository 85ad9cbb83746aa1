import { ErrorCode, licenceLabelOf, matchLicence, TIME_UNITS, type TOfferTerms, type TTimeUnit } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { listLicences } from '../licences/list-licences';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The usage terms of offers, keyed by lower-case id: the wizard's geo restriction (one country, as
 * the wizard stores it in `offers.geo_restriction`) as the list of allowed countries, its time
 * restriction, and the licence of the first distribution that names one, with the name and URL the
 * licence catalogue gives it. Ids that are not UUIDs or not in the catalogue are absent.
 */
export async function loadOfferTerms(db: TDb, ids: readonly string[]): Promise<Map<string, TOfferTerms>> {
  const wanted = [...new Set(ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('offers as o')
    .select(['o.id', 'o.title', 'o.geo_restriction', 'o.time_restriction', 'o.time_unit'])
    .select((eb) =>
      eb
        .selectFrom('datasets as d')
        .innerJoin('distributions as x', 'x.dataset_id', 'd.id')
        .select('x.licence')
        .whereRef('d.offer_id', '=', 'o.id')
        .where('x.licence', 'is not', null)
        .orderBy('d.position')
        .orderBy('x.position')
        .limit(1)
        .as('licence'),
    )
    .where('o.id', 'in', wanted)
    .execute();
  const licences = rows.some((row) => row.licence) ? await listLicences(db) : [];
  return new Map(
    rows.map((row) => {
      const unit = (TIME_UNITS as readonly string[]).includes(row.time_unit ?? '')
        ? (row.time_unit as TTimeUnit)
        : null;
      const terms: TOfferTerms = {
        '@id': row.id,
        title: row.title,
        licence: row.licence ?? null,
        licenceLabel: row.licence ? licenceLabelOf(row.licence, licences) : null,
        licenceUrl: licenceUrlOf(row.licence, licences),
        allowedCountries: row.geo_restriction ? [row.geo_restriction] : [],
        timeRestriction:
          row.time_restriction !== null && row.time_restriction > 0 && unit
            ? { amount: row.time_restriction, unit }
            : null,
      };
      return [row.id.toLowerCase(), terms];
    }),
  );
}

const isHttpUrl = (text: string): boolean => /^https?:\/\/\S+$/i.test(text.trim());

/** Where a licence can be read: the catalogue's URL, else the text when it is a URL itself. */
function licenceUrlOf(text: string | null, licences: Parameters<typeof matchLicence>[1]): string | null {
  if (!text) return null;
  return matchLicence(text, licences)?.licenceUrl || (isHttpUrl(text) ? text.trim() : null);
}

/** One offer's usage terms; NOT_FOUND for an offer the catalogue does not have. */
export async function getOfferTerms(db: TDb, id: string): Promise<TOfferTerms> {
  const terms = (await loadOfferTerms(db, [id])).get(id.toLowerCase());
  if (!terms) throw new AppError(ErrorCode.NOT_FOUND, `There is no offer ${id}`);
  return terms;
}
