/** Every state of a contract negotiation. */
export type NegotiationState =
  | 'INITIAL'
  | 'REQUESTING'
  | 'REQUESTED'
  | 'OFFERING'
  | 'OFFERED'
  | 'ACCEPTING'
  | 'ACCEPTED'
  | 'AGREEING'
  | 'AGREED'
  | 'VERIFYING'
  | 'VERIFIED'
  | 'FINALIZING'
  | 'FINALIZED'
  | 'TERMINATING'
  | 'TERMINATED';

/** Every state of a transfer process (the 17 of EDC). */
export type TransferState =
  | 'INITIAL'
  | 'PROVISIONING'
  | 'PROVISIONING_REQUESTED'
  | 'PROVISIONED'
  | 'REQUESTING'
  | 'REQUESTED'
  | 'STARTING'
  | 'STARTED'
  | 'SUSPENDING'
  | 'SUSPENDED'
  | 'COMPLETING'
  | 'COMPLETED'
  | 'TERMINATING'
  | 'TERMINATED'
  | 'DEPROVISIONING'
  | 'DEPROVISIONING_REQUESTED'
  | 'DEPROVISIONED';

const ABORT = ['TERMINATING', 'TERMINATED'] as const;

/**
 * The transitions a negotiation may make. The consumer goes INITIAL → REQUESTING → REQUESTED → AGREED → VERIFYING →
 * VERIFIED → FINALIZED; the provider REQUESTED → AGREEING → AGREED → VERIFIED → FINALIZING → FINALIZED. Messages can
 * overtake the answer to the request that caused them, hence REQUESTING → AGREED. Any unfinished negotiation can be
 * terminated.
 */
export const NEGOTIATION_TRANSITIONS: Readonly<Record<NegotiationState, readonly NegotiationState[]>> = {
  INITIAL: ['REQUESTING', 'REQUESTED', ...ABORT],
  REQUESTING: ['REQUESTED', 'AGREED', ...ABORT],
  REQUESTED: ['OFFERING', 'AGREEING', 'AGREED', ...ABORT],
  OFFERING: ['OFFERED', ...ABORT],
  OFFERED: ['REQUESTING', 'ACCEPTING', ...ABORT],
  ACCEPTING: ['ACCEPTED', ...ABORT],
  ACCEPTED: ['AGREEING', ...ABORT],
  AGREEING: ['AGREED', 'VERIFIED', ...ABORT],
  AGREED: ['VERIFYING', 'VERIFIED', ...ABORT],
  VERIFYING: ['VERIFIED', 'FINALIZED', ...ABORT],
  VERIFIED: ['FINALIZING', 'FINALIZED', ...ABORT],
  FINALIZING: ['FINALIZED', ...ABORT],
  FINALIZED: [],
  TERMINATING: ['TERMINATED'],
  TERMINATED: [],
};

/**
 * The transitions a transfer process may make. The consumer goes INITIAL → PROVISIONING → PROVISIONED → REQUESTING →
 * REQUESTED → STARTED; the provider INITIAL → PROVISIONING → PROVISIONED → STARTING → STARTED. A finite (push)
 * transfer then goes COMPLETING → COMPLETED; a pull transfer stays STARTED until terminated. Completed and terminated
 * transfers are deprovisioned: DEPROVISIONING → DEPROVISIONED.
 */
export const TRANSFER_TRANSITIONS: Readonly<Record<TransferState, readonly TransferState[]>> = {
  INITIAL: ['PROVISIONING', ...ABORT],
  PROVISIONING: ['PROVISIONING_REQUESTED', 'PROVISIONED', ...ABORT],
  PROVISIONING_REQUESTED: ['PROVISIONED', ...ABORT],
  PROVISIONED: ['REQUESTING', 'STARTING', ...ABORT],
  REQUESTING: ['REQUESTED', 'STARTED', ...ABORT],
  REQUESTED: ['STARTED', ...ABORT],
  STARTING: ['STARTED', ...ABORT],
  STARTED: ['SUSPENDING', 'COMPLETING', 'COMPLETED', ...ABORT],
  SUSPENDING: ['SUSPENDED', ...ABORT],
  SUSPENDED: ['STARTING', 'STARTED', ...ABORT],
  COMPLETING: ['COMPLETED', ...ABORT],
  COMPLETED: ['DEPROVISIONING'],
  TERMINATING: ['TERMINATED'],
  TERMINATED: ['DEPROVISIONING'],
  DEPROVISIONING: ['DEPROVISIONING_REQUESTED', 'DEPROVISIONED'],
  DEPROVISIONING_REQUESTED: ['DEPROVISIONED'],
  DEPROVISIONED: [],
};

/** True when a negotiation may go from `from` to `to`. */
export function canNegotiationMove(from: NegotiationState, to: NegotiationState): boolean {
  return NEGOTIATION_TRANSITIONS[from].includes(to);
}

/** True when a transfer process may go from `from` to `to`. */
export function canTransferMove(from: TransferState, to: TransferState): boolean {
  return TRANSFER_TRANSITIONS[from].includes(to);
}
