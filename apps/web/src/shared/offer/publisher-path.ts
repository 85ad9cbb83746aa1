import { encodePublisherId } from '@dsm/contracts';

/**
 * The app's page of a publisher: `/publisher/{id}` with the publisher's IRI as unpadded base64url
 * (`encodePublisherId`), since IRIs hold '/', '#' and '?' that a path segment cannot carry as they are.
 */
export const publisherPagePath = (iri: string): string => `/publisher/${encodePublisherId(iri)}`;
