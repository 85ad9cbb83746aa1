import {
  type ContractAgreement,
  type ContractNegotiation,
  type Dataset,
  type EndpointDataReference,
  isNegotiationStateName,
  isTransferProcessStateName,
  type TransferProcess,
} from '@dsm/connector-client';
import type {
  TConsoleAgreement,
  TConsoleCatalogDataset,
  TConsoleEdr,
  TConsoleNegotiation,
  TConsoleTransfer,
} from '@dsm/contracts';

/** A catalog dataset with its offers' permitted actions and constraint counts. */
export function presentConsoleDataset(dataset: Dataset): TConsoleCatalogDataset {
  const name = dataset.properties.name;
  return {
    id: dataset.id,
    name: typeof name === 'string' ? name : null,
    offers: dataset.offers.map((offer) => ({
      id: offer.id,
      permittedActions: [...new Set(offer.permissions.map((permission) => String(permission.action)))],
      constraintCount: offer.permissions.reduce(
        (count, permission) => count + (permission.constraints?.length ?? 0),
        0,
      ),
    })),
  };
}

/** What the console lists alike of a negotiation and a transfer: which it is, its state, its failure and start. */
function presentProcess<T extends ContractNegotiation | TransferProcess>(process: T, isStateKnown: boolean) {
  return {
    id: process.id,
    type: process.type,
    state: process.state,
    isStateKnown,
    errorDetail: process.errorDetail ?? null,
    createdAt: process.createdAt ?? null,
  };
}

/** A negotiation as the console lists it. */
export function presentConsoleNegotiation(negotiation: ContractNegotiation): TConsoleNegotiation {
  return {
    ...presentProcess(negotiation, isNegotiationStateName(negotiation.state)),
    counterPartyId: negotiation.counterPartyId ?? null,
    counterPartyAddress: negotiation.counterPartyAddress ?? null,
    agreementId: negotiation.contractAgreementId ?? null,
  };
}

/** An agreement as the console lists it. */
export function presentConsoleAgreement(agreement: ContractAgreement): TConsoleAgreement {
  return {
    id: agreement.id,
    assetId: agreement.assetId,
    providerId: agreement.providerId,
    consumerId: agreement.consumerId,
    signedAt: agreement.contractSigningDate,
  };
}

/** A transfer as the console lists it. */
export function presentConsoleTransfer(transfer: TransferProcess): TConsoleTransfer {
  return {
    ...presentProcess(transfer, isTransferProcessStateName(transfer.state)),
    assetId: transfer.assetId ?? null,
    agreementId: transfer.contractId,
    transferType: transfer.transferType ?? null,
  };
}

/** An EDR entry as the console lists it; its token stays on the connector. */
export function presentConsoleEdr(edr: EndpointDataReference): TConsoleEdr {
  return {
    transferProcessId: edr.transferProcessId,
    assetId: edr.assetId,
    agreementId: edr.agreementId,
    providerId: edr.providerId,
    createdAt: edr.createdAt ?? null,
  };
}
