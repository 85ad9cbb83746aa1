import type { ContractNegotiation, TransferProcess, UnknownStateName } from '@dsm/connector-client';
import { ZConsoleNegotiation, ZConsoleTransfer } from '@dsm/contracts';
import { describe, expect, it } from 'vitest';
import { presentConsoleNegotiation, presentConsoleTransfer } from './present-console-dataspace';

const transfer: TransferProcess = {
  id: 'process-id',
  type: 'CONSUMER',
  state: 'STARTED',
  contractId: 'agreement-id',
  privateProperties: {},
  callbackAddresses: [],
};

describe('console processes', () => {
  // A state EDC does not define (DataDashboard fixtures spell SUCCESSFULL) was passed off as a known one, and the
  // console polled such a process for ever.
  it('show a state EDC does not define as sent and say it is unknown', () => {
    const unknown = presentConsoleTransfer({ ...transfer, state: 'SUCCESSFULL' as UnknownStateName });
    expect(ZConsoleTransfer.parse(unknown)).toMatchObject({ state: 'SUCCESSFULL', isStateKnown: false });
    expect(presentConsoleTransfer(transfer)).toMatchObject({ state: 'STARTED', isStateKnown: true });
    const negotiation: ContractNegotiation = { id: 'n', type: 'CONSUMER', state: 'FINALIZED', callbackAddresses: [] };
    expect(ZConsoleNegotiation.parse(presentConsoleNegotiation(negotiation)).isStateKnown).toBe(true);
    expect(presentConsoleNegotiation({ ...negotiation, state: 'AGREED_V2' as UnknownStateName }).isStateKnown).toBe(
      false,
    );
  });
});
