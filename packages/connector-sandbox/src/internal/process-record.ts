import type { JsonNode } from '@dsm/connector-client/json-ld';
import { DSP_CONTEXT } from './dsp-client';
import { conflict } from './http-errors';

/** What a negotiation and a transfer process share: an id on each side, a state and when it was reached. */
interface ProcessRecord<S extends string> {
  id: string;
  type: 'CONSUMER' | 'PROVIDER';
  /** The counter-party's id for the same process. */
  correlationId?: string;
  state: S;
  stateTimestamp: number;
}

/** The process's two ids as DSP names them. */
export function dspPids(record: ProcessRecord<string>): { providerPid?: string; consumerPid?: string } {
  return record.type === 'PROVIDER'
    ? { providerPid: record.id, consumerPid: record.correlationId }
    : { providerPid: record.correlationId, consumerPid: record.id };
}

/** A DSP message about the process, carrying both its ids. */
export function dspMessage(record: ProcessRecord<string>, type: string, fields: JsonNode = {}): JsonNode {
  return { '@context': DSP_CONTEXT, '@type': type, ...dspPids(record), ...fields };
}

/**
 * A process this side is terminating ignores the counter-party's progress messages: the termination message on its
 * way tells the counter-party why, which an error answer here would not.
 */
export const isEnding = (record: ProcessRecord<string>) =>
  record.state === 'TERMINATING' || record.state === 'TERMINATED';

/** Moves the process to `to`, or answers 409 when its state machine does not allow that move. */
export function moveProcess<S extends string>(
  record: ProcessRecord<S>,
  to: S,
  canMove: (from: S, to: S) => boolean,
  kind: 'ContractNegotiation' | 'TransferProcess',
): void {
  if (!canMove(record.state, to)) throw conflict(`${kind} ${record.id} cannot go from ${record.state} to ${to}`);
  record.state = to;
  record.stateTimestamp = Date.now();
}
