import { randomBytes } from 'node:crypto';
import { bag, type JsonNode, list, node, normalize, text } from '@dsm/connector-client/json-ld';
import { canTransferMove, type TransferState } from '../states';
import { TRANSFER_TYPES } from './catalog';
import type { SandboxContext } from './context';
import { pushData, readSource } from './data';
import { checkProtocol, ownDspAddress } from './dsp-client';
import { badRequest, conflict, forbidden } from './http-errors';
import { dspMessage, isEnding, Processes } from './process-record';
import type { CallbackAddressModel, DataAddressModel, TransferRecord } from './store';

export interface InitiateTransfer {
  counterPartyAddress: string;
  counterPartyId?: string;
  protocol: string;
  contractId: string;
  transferType: string;
  dataDestination?: DataAddressModel;
  privateProperties: Record<string, unknown>;
  callbackAddresses: CallbackAddressModel[];
}

/** The data address type of an EDR's endpoint. */
const HTTP_ENDPOINT_TYPE = 'https://w3id.org/idsa/v4.1/HTTP';

/** A transfer may be terminated until it completes or is already ending. */
const isTerminable = (record: TransferRecord) => canTransferMove(record.state, 'TERMINATING');

const isPush = (record: TransferRecord) => record.transferType.endsWith('-PUSH');

/** Transfer processes on both sides, driven by timers and DSP messages. */
export class Transfers extends Processes<TransferState, TransferRecord> {
  constructor(context: SandboxContext) {
    super(context, 'TransferProcess', canTransferMove, context.store.transfers);
  }

  /** Management: starts a transfer as the consumer. */
  initiate(input: InitiateTransfer): TransferRecord {
    checkProtocol(input.protocol);
    const { counterPartyAddress } = input;
    const agreement = this.store.agreements.get(input.contractId);
    if (agreement === undefined)
      throw badRequest(`Contract agreement with id ${input.contractId} not found`, 'contractId');
    const negotiation = [...this.store.negotiations.values()].find(
      (candidate) => candidate.contractAgreementId === agreement.id,
    );
    if (negotiation !== undefined && negotiation.state !== 'FINALIZED') {
      throw badRequest(
        `the negotiation of agreement ${agreement.id} is ${negotiation.state}, not FINALIZED`,
        'contractId',
      );
    }
    checkTransferType(input.transferType, input.dataDestination);
    return this.open({
      type: 'CONSUMER',
      state: 'INITIAL',
      protocol: input.protocol,
      counterPartyAddress,
      counterPartyId: input.counterPartyId ?? agreement.providerId,
      contractId: agreement.id,
      assetId: agreement.assetId,
      transferType: input.transferType,
      privateProperties: input.privateProperties,
      callbackAddresses: input.callbackAddresses,
      ...(input.dataDestination === undefined ? {} : { dataDestination: input.dataDestination }),
    });
  }

  /** Management: deprovisions a completed or terminated transfer. */
  deprovision(id: string): void {
    const record = this.find(id);
    if (record.state !== 'COMPLETED' && record.state !== 'TERMINATED') {
      throw conflict(`TransferProcess ${id} cannot be deprovisioned in state ${record.state}`);
    }
    this.advance(record, 'DEPROVISIONING');
  }

  /** DSP, provider side: a consumer asks for a transfer under an agreement. */
  onRequest(caller: string, message: JsonNode): Record<string, unknown> {
    const consumerPid = text(message.consumerPid);
    const callbackAddress = text(message.callbackAddress);
    const agreementId = text(message.agreementId);
    const format = text(message.format);
    if (
      consumerPid === undefined ||
      callbackAddress === undefined ||
      agreementId === undefined ||
      format === undefined
    ) {
      throw badRequest('consumerPid, callbackAddress, agreementId and format are required');
    }
    const agreement = this.store.agreements.get(agreementId);
    if (agreement === undefined) throw badRequest(`agreement ${agreementId} is unknown`, 'agreementId');
    if (agreement.consumerId !== caller) throw forbidden(`agreement ${agreementId} was not made with ${caller}`);
    const destination = message.dataAddress === undefined ? undefined : readDataAddress(message.dataAddress);
    checkTransferType(format, destination);
    const record = this.open({
      type: 'PROVIDER',
      state: 'INITIAL',
      protocol: 'dataspace-protocol-http',
      counterPartyAddress: callbackAddress,
      counterPartyId: caller,
      correlationId: consumerPid,
      contractId: agreement.id,
      assetId: agreement.assetId,
      transferType: format,
      privateProperties: {},
      callbackAddresses: [],
      ...(destination === undefined ? {} : { dataDestination: destination }),
    });
    return { ...this.dspView(record), state: 'REQUESTED' };
  }

  /** DSP, consumer side: the provider started the transfer (with the EDR for pull transfers). */
  onStart(caller: string, consumerPid: string, message: JsonNode): void {
    const record = this.own(caller, consumerPid, 'CONSUMER');
    if (isEnding(record)) return;
    if (!['REQUESTING', 'REQUESTED', 'SUSPENDED'].includes(record.state)) {
      throw badRequest(`cannot start in state ${record.state}`);
    }
    record.correlationId ??= text(message.providerPid);
    if (message.dataAddress !== undefined) {
      const address = node(message.dataAddress);
      const properties: Record<string, unknown> = {};
      for (const property of list(address.endpointProperties)) {
        const entry = node(property);
        const name = text(entry.name);
        if (name !== undefined) properties[name.replace(/^https:\/\/w3id\.org\/edc\/v0\.0\.1\/ns\//, '')] = entry.value;
      }
      const endpointType = text(address.endpointType) ?? HTTP_ENDPOINT_TYPE;
      const negotiation = [...this.store.negotiations.values()].find(
        (n) => n.contractAgreementId === record.contractId,
      );
      this.store.edrs.set(record.id, {
        transferProcessId: record.id,
        agreementId: record.contractId,
        ...(negotiation === undefined ? {} : { contractNegotiationId: negotiation.id }),
        assetId: record.assetId,
        providerId: record.counterPartyId,
        createdAt: Date.now(),
        dataAddress: { type: endpointType, endpointType, endpoint: text(address.endpoint) ?? '', ...properties },
      });
    }
    this.move(record, 'STARTED');
  }

  /** DSP, either side: the counter-party completed the transfer. */
  onCompletion(caller: string, pid: string): void {
    const record = this.own(caller, pid);
    if (record.state === 'COMPLETED' || isEnding(record)) return;
    if (record.state !== 'STARTED' && record.state !== 'COMPLETING') {
      throw badRequest(`cannot complete in state ${record.state}`);
    }
    this.release(record);
    this.move(record, 'COMPLETED');
  }

  /** DSP, either side: the counter-party terminated the transfer. */
  onTermination(caller: string, pid: string, message: JsonNode): void {
    const record = this.own(caller, pid);
    if (record.state === 'TERMINATED') return;
    if (!isTerminable(record) && record.state !== 'TERMINATING') {
      throw badRequest(`cannot terminate in state ${record.state}`);
    }
    record.errorDetail = text(message.reason) ?? 'terminated by the counter-party';
    this.release(record);
    this.move(record, 'TERMINATED');
  }

  own(caller: string, pid: string, type?: TransferRecord['type']): TransferRecord {
    const record = this.find(pid, type);
    if (record.counterPartyId !== caller) throw forbidden(`participant ${caller} is not part of transfer ${pid}`);
    return record;
  }

  /** Revokes the EDR token (provider) and drops the EDR entry (consumer). */
  protected override release(record: TransferRecord): void {
    if (record.token !== undefined) this.store.tokens.delete(record.token);
    record.token = undefined;
    this.store.edrs.delete(record.id);
  }

  protected async step(id: string): Promise<void> {
    const record = this.store.transfers.get(id);
    if (record === undefined) return;
    const theirs = record.correlationId;
    switch (record.state) {
      case 'INITIAL':
        this.advance(record, 'PROVISIONING');
        return;
      case 'PROVISIONING':
        this.advance(record, 'PROVISIONED');
        return;
      case 'PROVISIONED':
        this.advance(record, record.type === 'CONSUMER' ? 'REQUESTING' : 'STARTING');
        return;
      case 'TERMINATING':
        await this.endTerminating(record);
        return;
      case 'DEPROVISIONING':
        this.release(record);
        this.move(record, 'DEPROVISIONED');
        return;
      default:
        break;
    }

    if (record.type === 'CONSUMER') {
      if (record.state !== 'REQUESTING') return;
      const body = dspMessage(record, 'TransferRequestMessage', {
        agreementId: record.contractId,
        format: record.transferType,
        callbackAddress: ownDspAddress(this.context.addresses.protocol, record.protocol),
        ...(record.dataDestination === undefined
          ? {}
          : { dataAddress: { '@type': 'DataAddress', ...record.dataDestination } }),
      });
      await this.sendRequest(record, '/transfers/request', body, 'REQUESTED');
      return;
    }

    switch (record.state) {
      case 'STARTING': {
        let dataAddress: JsonNode | undefined;
        if (!isPush(record)) {
          const token = randomBytes(24).toString('base64url');
          this.store.tokens.set(token, record.id);
          record.token = token;
          dataAddress = {
            '@type': 'DataAddress',
            endpointType: HTTP_ENDPOINT_TYPE,
            endpoint: this.context.addresses.public,
            endpointProperties: [
              { '@type': 'EndpointProperty', name: 'https://w3id.org/edc/v0.0.1/ns/authorization', value: token },
              { '@type': 'EndpointProperty', name: 'https://w3id.org/edc/v0.0.1/ns/authType', value: 'bearer' },
            ],
          };
        }
        const body = dspMessage(record, 'TransferStartMessage', dataAddress === undefined ? {} : { dataAddress });
        try {
          await this.send(record, `/transfers/${theirs}/start`, body);
        } catch (error) {
          this.fail(record, error);
          return;
        }
        if (record.state !== 'STARTING') return;
        this.move(record, 'STARTED');
        if (isPush(record)) this.next(record);
        return;
      }
      case 'STARTED': {
        // Only push transfers get here: their data is finite, so the transfer completes once it is delivered.
        try {
          const asset = this.store.assets.get(record.assetId);
          if (asset === undefined) throw new Error(`asset ${record.assetId} no longer exists`);
          const { fetch, scheduler } = this.context;
          const source = await readSource(fetch, asset.dataAddress, { signal: scheduler.signal });
          await pushData(fetch, source, record.dataDestination ?? { type: '' }, scheduler.signal);
        } catch (error) {
          if (record.state !== 'STARTED') return;
          record.errorDetail = error instanceof Error ? error.message : String(error);
          this.advance(record, 'TERMINATING');
          return;
        }
        if (record.state !== 'STARTED') return;
        this.advance(record, 'COMPLETING');
        return;
      }
      case 'COMPLETING': {
        const body = dspMessage(record, 'TransferCompletionMessage');
        await this.sendAndMove(record, `/transfers/${theirs}/completion`, body, 'COMPLETED');
        return;
      }
      default:
        return;
    }
  }
}

function readDataAddress(value: unknown): DataAddressModel {
  const address = bag(normalize(value));
  return { ...address, type: text(address.type) ?? '' };
}

function checkTransferType(transferType: string, destination: DataAddressModel | undefined): void {
  if (!TRANSFER_TYPES.includes(transferType)) {
    throw badRequest(
      `transferType '${transferType}' is not supported; use ${TRANSFER_TYPES.join(' or ')}`,
      'transferType',
    );
  }
  if (transferType.endsWith('-PUSH') && (destination?.type !== 'HttpData' || typeof destination.baseUrl !== 'string')) {
    throw badRequest('a push transfer needs an HttpData dataDestination with a baseUrl', 'dataDestination');
  }
}

export { readDataAddress };
