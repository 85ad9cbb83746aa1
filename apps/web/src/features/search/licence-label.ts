import { normaliseLicenceText, type TLicence, type TOffer, UNKNOWN_LICENCE_LABEL } from '@dsm/contracts';

/** Every normalised name of every licence, built once per catalogue: cards match thousands of texts. */
const indexes = new WeakMap<readonly TLicence[], Map<string, TLicence>>();

function indexOf(licences: readonly TLicence[]): Map<string, TLicence> {
  let index = indexes.get(licences);
  if (!index) {
    index = new Map();
    for (const licence of licences) {
      for (const name of [licence.licenceId, licence.licenceTitle, licence.licenceUrl, ...licence.mappings]) {
        const key = name ? normaliseLicenceText(name) : '';
        // The first licence naming a text wins, as in matchLicence.
        if (key && !index.has(key)) index.set(key, licence);
      }
    }
    indexes.set(licences, index);
  }
  return index;
}

/**
 * The licence shown on a card: each distribution's licence matched against the catalogue's
 * mappings ('n/a' when none matches), without repeats; the first one, followed by ', ...' when
 * there are more.
 */
export function licenceLabel(offer: TOffer, licences: readonly TLicence[]): string {
  const index = indexOf(licences);
  const labels: string[] = [];
  for (const dataset of offer.datasets) {
    for (const distribution of dataset['dcat:distribution']) {
      const text = distribution['dcterms:license'];
      const label = (text && index.get(normaliseLicenceText(text))?.licenceTitle) || UNKNOWN_LICENCE_LABEL;
      if (!labels.includes(label)) labels.push(label);
    }
  }
  if (labels.length === 0) return UNKNOWN_LICENCE_LABEL;
  return labels.length > 1 ? `${labels[0]}, ...` : (labels[0] ?? UNKNOWN_LICENCE_LABEL);
}
