import { setImmediate as nextTurn } from 'node:timers/promises';
import { Writer } from 'n3';
import type { TDcatGraph } from './dcat-graph';
import { DCAT_PREFIXES } from './rdf-nodes';

/**
 * Turtle with the DCAT-AP prefixes, slice by slice: one n3 writer (which keeps the subject it is in
 * between slices) writes into a buffer that is handed on after each slice.
 */
export async function* writeTurtle(graph: TDcatGraph): AsyncGenerator<string> {
  let buffered = '';
  const sink = {
    write(chunk: string, _encoding: string, done?: () => void) {
      buffered += chunk;
      done?.();
    },
    end() {},
  };
  const writer = new Writer(sink, { prefixes: DCAT_PREFIXES, end: false });
  const take = () => {
    const text = buffered;
    buffered = '';
    return text;
  };
  for await (const quads of graph) {
    for (const quad of quads) writer.addQuad(quad);
    yield take();
    await nextTurn();
  }
  await new Promise<void>((resolve, reject) => writer.end((error) => (error ? reject(error) : resolve())));
  yield take();
}
