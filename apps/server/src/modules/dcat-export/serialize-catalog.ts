import jsonld from 'jsonld';
import { type Quad, Writer } from 'n3';
import { NS } from '../harvest/dcat-vocabulary';

/** Prefixes of the Turtle output and terms of the JSON-LD context. */
const PREFIXES = {
  dcat: NS.dcat,
  dct: NS.dct,
  foaf: NS.foaf,
  vcard: NS.vcard,
  hydra: NS.hydra,
  xsd: NS.xsd,
  dsm: NS.dsm,
};

/** Turtle with the DCAT-AP prefixes. */
export function toTurtle(quads: Quad[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const writer = new Writer({ prefixes: PREFIXES });
    writer.addQuads(quads);
    writer.end((error, result: string) => (error ? reject(error) : resolve(result)));
  });
}

/** Compacted JSON-LD with the DCAT-AP prefixes as its context. */
export async function toJsonLd(quads: Quad[]): Promise<object> {
  const nquads = await new Promise<string>((resolve, reject) => {
    const writer = new Writer({ format: 'N-Quads' });
    writer.addQuads(quads);
    writer.end((error, result: string) => (error ? reject(error) : resolve(result)));
  });
  const expanded = await jsonld.fromRDF(nquads, { format: 'application/n-quads', useNativeTypes: false });
  return jsonld.compact(expanded, { '@context': PREFIXES } as never);
}
