/** Namespaces of the DCAT-AP terms read and written. */
export const NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  hydra: 'http://www.w3.org/ns/hydra/core#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  dsm: 'urn:dsm:terms#',
} as const;
