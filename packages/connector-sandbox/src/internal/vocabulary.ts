/**
 * The vocabularies the sandbox writes: the management answers' context as an EDC connector writes it, and the
 * dataspace protocol's. Reading JSON-LD is the client's module (`@dsm/connector-client/json-ld`).
 */
import { EDC_NAMESPACE, ODRL_NAMESPACE } from '@dsm/connector-client';
import { DCAT_NAMESPACE, DCT_NAMESPACE } from '@dsm/connector-client/json-ld';

export { EDC_NAMESPACE, ODRL_NAMESPACE };

export const DSPACE_NAMESPACE = 'https://w3id.org/dspace/2025/1/';
export const DSPACE_CONTEXT_URL = 'https://w3id.org/dspace/2025/1/context.jsonld';

/** The context of every management answer, as an EDC connector writes it. */
export const MANAGEMENT_CONTEXT = {
  '@vocab': EDC_NAMESPACE,
  edc: EDC_NAMESPACE,
  odrl: ODRL_NAMESPACE,
  dcat: DCAT_NAMESPACE,
  dct: DCT_NAMESPACE,
  dspace: DSPACE_NAMESPACE,
};
