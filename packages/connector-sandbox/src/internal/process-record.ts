import { type JsonNode, node, normalize, text } from '@dsm/connector-client/json-ld';
import type { SandboxContext } from './context';
import { DSP_CONTEXT, dspUrl, sendDsp } from './dsp-client';
import { conflict } from './http-errors';

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

/**
 * The processes of one kind on both sides, negotiations or transfers: their moves through the state machine and the
 * timer that takes each one's next step.
 */
export abstract class Processes<S extends string, R extends ProcessRecord<S>> {
  constructor(
    protected readonly context: SandboxContext,
    private readonly kind: 'ContractNegotiation' | 'TransferProcess',
    private readonly canMove: (from: S, to: S) => boolean,
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

  protected move(record: R, to: S): void {
    moveProcess(record, to, this.canMove, this.kind);
  }

  /** Takes the process's next step once the current call has answered. */
  protected next(record: R): void {
    this.context.scheduler.later(() => this.step(record.id));
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

  protected abstract step(id: string): Promise<void>;

  /** Ends the process as TERMINATED with the error as its reason, unless it has ended already. */
  protected abstract fail(record: R, error: unknown): void;
}

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
