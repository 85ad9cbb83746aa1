import { threadCpuMs } from '../../../lib/thread-cpu';
import { type TIndexDocument, type TIndexSource, toIndexDocument } from './index-documents';

/** A batch of offers analysed for a full build. */
export type TAnalyzedBatch = {
  /** In the order of the sources; their `words` are left empty (counted in `wordCounts` instead). */
  documents: TIndexDocument[];
  /** Per distinct word of the batch, the offers holding it, in the order the words were first met. */
  wordCounts: [word: string, documents: number][];
  /** CPU time the analysis took on its thread, in ms. */
  cpuMs: number;
};

/**
 * Analyses a batch of a full build. The words are counted here, on the analysing thread, and travel as one
 * list per batch rather than one per offer: the writer merges a few thousand counts instead of counting every
 * word of every offer, and less is copied between threads.
 */
export function analyzeBatch(sources: TIndexSource[]): TAnalyzedBatch {
  const started = threadCpuMs();
  const counts = new Map<string, number>();
  const documents = sources.map((source) => {
    const document = toIndexDocument(source);
    for (const word of document.words) counts.set(word, (counts.get(word) ?? 0) + 1);
    document.words = [];
    return document;
  });
  return { documents, wordCounts: [...counts], cpuMs: threadCpuMs() - started };
}
