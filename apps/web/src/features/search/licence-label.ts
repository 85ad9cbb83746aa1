import { licenceLabelOf, type TLicence, type TOffer, UNKNOWN_LICENCE_LABEL } from '@dsm/contracts';

/**
 * The licence shown on a card: each distribution's licence as licenceLabelOf names it ('n/a' when
 * none matches), without repeats; the first one, followed by ', ...' when there are more.
 */
export function licenceLabel(offer: TOffer, licences: readonly TLicence[]): string {
  const labels: string[] = [];
  for (const dataset of offer.datasets) {
    for (const distribution of dataset['dcat:distribution']) {
      const label = licenceLabelOf(distribution['dcterms:license'], licences);
      if (!labels.includes(label)) labels.push(label);
    }
  }
  if (labels.length === 0) return UNKNOWN_LICENCE_LABEL;
  return labels.length > 1 ? `${labels[0]}, ...` : (labels[0] ?? UNKNOWN_LICENCE_LABEL);
}
