import type { THarvestedDataset } from './harvested-dataset';

/** The title Socrata gives the entry describing its own catalogue file, in every portal alike. */
const SOCRATA_TITLE = 'project open data, /data.json file';
const DATA_JSON = /\/data\.json$/i;

/** True for a URL (or a bare path) whose path, without query or fragment, ends in `/data.json`. */
function isDataJsonUrl(value: string | null): boolean {
  if (!value) return false;
  try {
    return DATA_JSON.test(new URL(value).pathname);
  } catch {
    return DATA_JSON.test(value.split(/[?#]/)[0]!);
  }
}

/**
 * True for a data.json entry that describes the catalogue file itself rather than a dataset, as
 * Socrata's first entry does: its title is Socrata's generic one, or its identifier is the URL of a
 * data.json, or it has distributions and all of them point at a data.json while its title names one.
 * A real dataset merely linking to a catalogue somewhere in its distributions is kept.
 */
export function describesDataJsonFile(dataset: THarvestedDataset): boolean {
  if (dataset.title.replace(/\s+/g, ' ').toLowerCase() === SOCRATA_TITLE) return true;
  if (isDataJsonUrl(dataset.identifier)) return true;
  return (
    dataset.distributions.length > 0 &&
    dataset.distributions.every((distribution) => isDataJsonUrl(distribution.url)) &&
    /data\.json/i.test(dataset.title)
  );
}
