import { matchLicence, type TLicence, type TOffer, UNKNOWN_LICENCE_LABEL } from '@dsm/contracts';

/**
 * The licence shown on a card: each distribution's licence matched against the catalogue's
 * mappings ('n/a' when none matches), without repeats; the first one, followed by ', ...' when
 * there are more.
 */
export function licenceLabel(offer: TOffer, licences: readonly TLicence[]): string {
  const labels: string[] = [];
  for (const dataset of offer.datasets) {
    for (const distribution of dataset['dcat:distribution']) {
      const label = matchLicence(distribution['dcterms:license'], licences)?.licenceTitle ?? UNKNOWN_LICENCE_LABEL;
      if (!labels.includes(label)) labels.push(label);
    }
  }
  if (labels.length === 0) return UNKNOWN_LICENCE_LABEL;
  return labels.length > 1 ? `${labels[0]}, ...` : (labels[0] ?? UNKNOWN_LICENCE_LABEL);
}
