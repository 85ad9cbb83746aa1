import { describe, expect, it } from 'vitest';
import { readAhead } from './read-ahead';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

/** A source that records how far it has been read and can fail after some items. */
function countingSource(total: number, failAfter: number | null = null) {
  const state = { read: 0, closed: false };
  async function* items() {
    try {
      for (let i = 0; i < total; i++) {
        await tick();
        if (failAfter !== null && i === failAfter) throw new Error(`broke after ${failAfter}`);
        state.read++;
        yield i;
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, items: items() };
}

describe('readAhead', () => {
  it('gives every item in order', async () => {
    const { items } = countingSource(50);
    const out: number[] = [];
    for await (const item of readAhead(items, 7)) out.push(item);
    expect(out).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('reads ahead while the consumer waits, never more than the given number of items', async () => {
    const { state, items } = countingSource(100);
    const ahead = readAhead(items, 10);
    expect((await ahead.next()).value).toBe(0);
    // The consumer is busy elsewhere: the source goes on being read, up to 10 items beyond the consumer.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(state.read).toBeGreaterThanOrEqual(10);
    expect(state.read).toBeLessThanOrEqual(12);
    await ahead.return(undefined);
    expect(state.closed).toBe(true);
  });

  it('gives the items read before a failure, then throws it', async () => {
    const { items } = countingSource(20, 5);
    const out: number[] = [];
    await expect(
      (async () => {
        for await (const item of readAhead(items, 100)) out.push(item);
      })(),
    ).rejects.toThrow('broke after 5');
    expect(out).toEqual([0, 1, 2, 3, 4]);
  });

  it('stops reading the source when the consumer stops early', async () => {
    const { state, items } = countingSource(1000);
    for await (const item of readAhead(items, 5)) {
      if (item === 3) break;
    }
    expect(state.closed).toBe(true);
    expect(state.read).toBeLessThan(20);
  });

  it('lets other requests run while it reads a source that never waits (a buffered chunk of records)', async () => {
    async function* buffered() {
      for (let i = 0; i < 1000; i++) yield i;
    }
    // Another request's work, which runs only when the event loop gets a turn.
    let turns = 0;
    let isReading = true;
    const otherWork = () => {
      if (!isReading) return;
      turns++;
      setImmediate(otherWork);
    };
    setImmediate(otherWork);
    let count = 0;
    for await (const _ of readAhead(buffered(), 500)) count++;
    isReading = false;
    expect(count).toBe(1000);
    expect(turns).toBeGreaterThanOrEqual(20);
  });
});
