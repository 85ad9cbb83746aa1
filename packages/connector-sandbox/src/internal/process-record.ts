import { randomUUID } from 'node:crypto';
import { type JsonNode, node, normalize, text } from '@dsm/connector-client/json-ld';
import type { SandboxContext } from './context';
import { DSP_CONTEXT, dspUrl, sendDsp } from './dsp-client';
import { conflict, notFound } from './http-errors';

/** What a negotiation and a transfer process share: an id on each side, a state and when it was reached. */
interface ProcessRecord<S extends string> {
  id: string;
  /** The counter-party's DSP address. */
  counterPartyAddress: string;
  type: 'CONSUMER' | 'PROVIDER';
  /** The counter-party's id for the same process. */
  correlationId?: string;
  state: S;
  stateTimestamp: number;
  /** Why the process was terminated. */
  errorDetail?: string;
  createdAt: number;
}

type ProcessKind = 'ContractNegotiation' | 'TransferProcess';

/** Where below the counter-party's DSP address a kind of process is addressed, and its termination message. */
const DSP_NAMES: Record<ProcessKind, { path: string; terminationMessage: string }> = {
  ContractNegotiation: { path: '/negotiations', terminationMessage: 'ContractNegotiationTerminationMessage' },
  TransferProcess: { path: '/transfers', terminationMessage: 'TransferTerminationMessage' },
};

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

/**
 * The processes of one kind on both sides, negotiations or transfers: their moves through the state machine and the
 * timer that takes each one's next step.
 */
export abstract class Processes<S extends string, R extends ProcessRecord<S>> {
  constructor(
    protected readonly context: SandboxContext,
    private readonly kind: ProcessKind,
    private readonly canMove: (from: S, to: S) => boolean,
    private readonly records: Map<string, R>,
  ) {}

  protected get store() {
    return this.context.store;
  }

  /** DSP: a process as the counter-party sees it. */
  dspView(record: R): Record<string, unknown> {
    return dspMessage(record, this.kind, { state: record.state });
  }

  /** DSP: the caller's process `pid` as the caller sees it. */
  viewOf(caller: string, pid: string): Record<string, unknown> {
    return this.dspView(this.own(caller, pid));
  }

  /** DSP: a request to start a process, from the counter-party; answers the process as it sees it. */
  abstract onRequest(caller: string, message: JsonNode): Record<string, unknown>;

  /** DSP: the process `pid` of this side, refused when the caller is not its counter-party. */
  abstract own(caller: string, pid: string, type?: R['type']): R;

  /** Management: terminates a process that has not ended; its next step tells the counter-party. */
  terminate(id: string, reason: string): void {
    const record = this.find(id);
    if (!this.canMove(record.state, 'TERMINATING' as S)) {
      throw conflict(`${this.kind} ${id} cannot be terminated in state ${record.state}`);
    }
    record.errorDetail = reason;
    this.advance(record, 'TERMINATING' as S);
  }

  /** The process `id` of this side (of `type` when given), or 404. */
  protected find(id: string, type?: R['type']): R {
    const record = this.records.get(id);
    if (record === undefined || (type !== undefined && record.type !== type)) throw notFound(this.kind, id);
    return record;
  }

  /** Stores a new process, its id and times given here, and schedules its first step. */
  protected open(fields: Omit<R, 'id' | 'stateTimestamp' | 'createdAt'>): R {
    const now = Date.now();
    const record = { id: randomUUID(), ...fields, stateTimestamp: now, createdAt: now } as R;
    this.records.set(record.id, record);
    this.next(record);
    return record;
  }

  protected move(record: R, to: S): void {
    moveProcess(record, to, this.canMove, this.kind);
  }

  /** Takes the process's next step once the current call has answered. */
  protected next(record: R): void {
    this.context.scheduler.later(() => this.step(record.id));
  }

  /** Moves the process to `to` and schedules the step it takes from there. */
  protected advance(record: R, to: S): void {
    this.move(record, to);
    this.next(record);
  }

  /** Sends a DSP message to the counter-party's address of the process, at `path` below it. */
  protected async send(record: R, path: string, body: JsonNode): Promise<unknown> {
    return sendDsp(this.context, dspUrl(record.counterPartyAddress, path), { body });
  }

  /**
   * Sends a DSP message and, once the counter-party has it, moves the process on to `to` unless it moved meanwhile;
   * a message that cannot be sent fails the process.
   */
  protected async sendAndMove(record: R, path: string, body: JsonNode, to: S): Promise<void> {
    const from = record.state;
    try {
      await this.send(record, path, body);
    } catch (error) {
      this.fail(record, error);
      return;
    }
    if (record.state === from) this.move(record, to);
  }

  /**
   * Sends the consumer's request to the provider, whose answer names its id of the process, and moves the process
   * on to `to` unless it moved meanwhile; a request that cannot be sent fails the process.
   */
  protected async sendRequest(record: R, path: string, body: JsonNode, to: S): Promise<void> {
    const from = record.state;
    let answer: JsonNode;
    try {
      answer = node(normalize(await this.send(record, path, body)));
    } catch (error) {
      this.fail(record, error);
      return;
    }
    record.correlationId ??= text(answer.providerPid);
    if (record.state === from) this.move(record, to);
  }

  /**
   * The step of a TERMINATING process: tells the counter-party, when it knows the process, and ends it as TERMINATED.
   */
  protected async endTerminating(record: R): Promise<void> {
    const theirs = record.correlationId;
    if (theirs !== undefined) {
      const { path, terminationMessage } = DSP_NAMES[this.kind];
      const body = dspMessage(record, terminationMessage, { reason: record.errorDetail });
      // Termination is one-sided: a counter-party that cannot be told does not keep it from happening.
      await this.send(record, `${path}/${theirs}/termination`, body).catch(() => undefined);
    }
    this.release(record);
    if (record.state === 'TERMINATING') this.move(record, 'TERMINATED' as S);
  }

  protected abstract step(id: string): Promise<void>;

  /** Ends the process as TERMINATED with the error as its reason, unless it has ended already. */
  protected fail(record: R, error: unknown): void {
    this.release(record);
    if (!this.canMove(record.state, 'TERMINATED' as S)) return;
    record.errorDetail = error instanceof Error ? error.message : String(error);
    this.move(record, 'TERMINATED' as S);
  }

  /** Lets go of what an ending process holds; nothing unless a kind of process holds something. */
  protected release(_record: R): void {}
}

/** Moves the process to `to`, or answers 409 when its state machine does not allow that move. */
export function moveProcess<S extends string>(
  record: ProcessRecord<S>,
  to: S,
  canMove: (from: S, to: S) => boolean,
  kind: ProcessKind,
): void {
  if (!canMove(record.state, to)) throw conflict(`${kind} ${record.id} cannot go from ${record.state} to ${to}`);
  record.state = to;
  record.stateTimestamp = Date.now();
}
