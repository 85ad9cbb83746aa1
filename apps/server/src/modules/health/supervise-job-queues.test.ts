import { describe, expect, it } from 'vitest';
import { superviseJobQueues, type TJobQueue } from './supervise-job-queues';

function fakeQueue(name: string, behaviour: { failStarts?: number; stopHangs?: boolean } = {}) {
  const calls: string[] = [];
  let failStarts = behaviour.failStarts ?? 0;
  const queue: TJobQueue = {
    name,
    async start() {
      calls.push('start');
      if (failStarts > 0) {
        failStarts -= 1;
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      }
    },
    stop() {
      calls.push('stop');
      return behaviour.stopHangs ? new Promise(() => {}) : Promise.resolve();
    },
  };
  return { queue, calls };
}

describe('superviseJobQueues', () => {
  it('stops the queues when PostgreSQL goes away and starts them again when it is back', async () => {
    const links = fakeQueue('link checker');
    const harvests = fakeQueue('harvest');
    const lines: string[] = [];
    const supervision = superviseJobQueues({ queues: [links.queue, harvests.queue], log: (line) => lines.push(line) });
    supervision.onAvailabilityChange(false);
    supervision.onAvailabilityChange(true);
    await expect.poll(() => harvests.calls).toEqual(['stop', 'start']);
    await supervision.stop();
    expect(links.calls).toEqual(['stop', 'start']);
    expect(lines).toContain('The link checker queue runs again');
  });

  it('tries again a queue that could not start, until it runs', async () => {
    const links = fakeQueue('link checker', { failStarts: 2 });
    const lines: string[] = [];
    const supervision = superviseJobQueues({ queues: [links.queue], log: (line) => lines.push(line), retryMs: [10] });
    supervision.onAvailabilityChange(false);
    supervision.onAvailabilityChange(true);
    await expect.poll(() => links.calls.filter((call) => call === 'start').length).toBe(3);
    await supervision.stop();
    expect(lines).toContain('Starting the link checker queue again failed: connect ECONNREFUSED (code ECONNREFUSED)');
    expect(lines.at(-1)).toBe('The link checker queue runs again');
  });

  it('does not wait for ever on a stop that hangs during the outage', async () => {
    const links = fakeQueue('link checker', { stopHangs: true });
    const lines: string[] = [];
    const supervision = superviseJobQueues({
      queues: [links.queue],
      log: (line) => lines.push(line),
      stopTimeoutMs: 50,
    });
    supervision.onAvailabilityChange(false);
    supervision.onAvailabilityChange(true);
    await expect.poll(() => links.calls).toEqual(['stop', 'start']);
    await supervision.stop();
    expect(lines[0]).toBe('The link checker queue is still stopping after 50 ms; it is left to finish');
  });

  it('starts nothing after it was stopped', async () => {
    const links = fakeQueue('link checker');
    const supervision = superviseJobQueues({ queues: [links.queue], log: () => {} });
    supervision.onAvailabilityChange(false);
    await supervision.stop();
    supervision.onAvailabilityChange(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(links.calls).toEqual(['stop']);
  });
});
