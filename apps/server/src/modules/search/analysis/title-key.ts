import { splitWords } from './split-words';

/**
 * A text reduced to its folded, unstemmed words joined by single spaces (CJK runs whole, in simplified
 * characters): two titles with the same key read the same to a user, whatever their case, accents, punctuation
 * or Chinese script. Tells an exact title match and collapses federated copies of one dataset.
 */
export function titleKey(text: string): string {
  return splitWords(text)
    .map((word) => word.text)
    .join(' ');
}
