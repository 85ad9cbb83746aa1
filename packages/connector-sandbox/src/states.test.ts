import { NEGOTIATION_STATES, TRANSFER_PROCESS_STATES } from '@dsm/connector-client';
import { describe, expect, it } from 'vitest';
import { Scheduler } from './internal/scheduler';
import {
  canNegotiationMove,
  canTransferMove,
  NEGOTIATION_TRANSITIONS,
  type NegotiationState,
  TRANSFER_TRANSITIONS,
  type TransferState,
} from './states';

function walk<S extends string>(path: S[], canMove: (from: S, to: S) => boolean): boolean {
  return path.every((state, index) => index === 0 || canMove(path[index - 1]!, state));
}

describe('[SANDBOX]: state machines', () => {
  it('knows exactly the 17 transfer states and the negotiation states the client knows', () => {
    expect(Object.keys(TRANSFER_TRANSITIONS).sort()).toEqual([...TRANSFER_PROCESS_STATES].sort());
    expect(Object.keys(TRANSFER_TRANSITIONS)).toHaveLength(17);
    expect(Object.keys(NEGOTIATION_TRANSITIONS).sort()).toEqual([...NEGOTIATION_STATES].sort());
  });

  it('lets the happy paths of both sides through', () => {
    const consumerPull: TransferState[] = [
      'INITIAL',
      'PROVISIONING',
      'PROVISIONED',
      'REQUESTING',
      'REQUESTED',
      'STARTED',
      'TERMINATING',
      'TERMINATED',
      'DEPROVISIONING',
      'DEPROVISIONED',
    ];
    const providerPush: TransferState[] = [
      'INITIAL',
      'PROVISIONING',
      'PROVISIONED',
      'STARTING',
      'STARTED',
      'COMPLETING',
      'COMPLETED',
      'DEPROVISIONING',
      'DEPROVISIONED',
    ];
    expect(walk(consumerPull, canTransferMove)).toBe(true);
    expect(walk(providerPush, canTransferMove)).toBe(true);
    const consumer: NegotiationState[] = [
      'INITIAL',
      'REQUESTING',
      'REQUESTED',
      'AGREED',
      'VERIFYING',
      'VERIFIED',
      'FINALIZED',
    ];
    const provider: NegotiationState[] = ['REQUESTED', 'AGREEING', 'AGREED', 'VERIFIED', 'FINALIZING', 'FINALIZED'];
    expect(walk(consumer, canNegotiationMove)).toBe(true);
    expect(walk(provider, canNegotiationMove)).toBe(true);
  });

  it('refuses moves out of final states and backwards', () => {
    expect(TRANSFER_TRANSITIONS.DEPROVISIONED).toEqual([]);
    expect(NEGOTIATION_TRANSITIONS.FINALIZED).toEqual([]);
    expect(NEGOTIATION_TRANSITIONS.TERMINATED).toEqual([]);
    expect(canTransferMove('COMPLETED', 'STARTED')).toBe(false);
    expect(canTransferMove('TERMINATED', 'STARTED')).toBe(false);
    expect(canTransferMove('STARTED', 'DEPROVISIONING')).toBe(false);
    expect(canNegotiationMove('FINALIZED', 'TERMINATING')).toBe(false);
    expect(canNegotiationMove('AGREED', 'REQUESTED')).toBe(false);
  });

  it('lets every unfinished transfer or negotiation be terminated', () => {
    // COMPLETED and every state EDC numbers after it.
    const finished: string[] = TRANSFER_PROCESS_STATES.slice(TRANSFER_PROCESS_STATES.indexOf('COMPLETED'));
    for (const state of Object.keys(TRANSFER_TRANSITIONS) as TransferState[]) {
      expect(canTransferMove(state, 'TERMINATING'), state).toBe(!finished.includes(state));
    }
    for (const state of Object.keys(NEGOTIATION_TRANSITIONS) as NegotiationState[]) {
      const open = !['FINALIZED', 'TERMINATING', 'TERMINATED'].includes(state);
      expect(canNegotiationMove(state, 'TERMINATING'), state).toBe(open);
    }
  });

  it('runs steps after the step delay and none once closed', async () => {
    const errors: unknown[] = [];
    const scheduler = new Scheduler(10, (error) => errors.push(error));
    const ran: number[] = [];
    const started = Date.now();
    scheduler.later(() => {
      ran.push(Date.now() - started);
    });
    scheduler.later(() => {
      throw new Error('step failed');
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(ran).toHaveLength(1);
    expect(ran[0]).toBeGreaterThanOrEqual(9);
    expect(errors).toEqual([new Error('step failed')]);
    scheduler.later(() => {
      ran.push(-1);
    });
    await scheduler.close();
    scheduler.later(() => {
      ran.push(-2);
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(ran).toHaveLength(1);
    expect(scheduler.signal.aborted).toBe(true);
  });
});
