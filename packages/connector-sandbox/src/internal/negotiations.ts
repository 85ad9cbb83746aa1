import { randomUUID } from 'node:crypto';
import { type JsonNode, node, term, text } from '@dsm/connector-client/json-ld';
import { canNegotiationMove, type NegotiationState } from '../states';
import { isSelected, parseOfferId } from './catalog';
import type { SandboxContext } from './context';
import { checkProtocol, ownDspAddress } from './dsp-client';
import { badRequest, forbidden } from './http-errors';
import { type PolicyModel, presentPolicy, readPolicy } from './policy';
import { dspMessage, isEnding, Processes } from './process-record';
import type { AgreementRecord, CallbackAddressModel, NegotiationRecord } from './store';

export interface InitiateNegotiation {
  counterPartyAddress: string;
  counterPartyId?: string;
  protocol: string;
  offer: PolicyModel;
  callbackAddresses: CallbackAddressModel[];
}

/** Contract negotiations on both sides, driven by timers and DSP messages. */
export class Negotiations extends Processes<NegotiationState, NegotiationRecord> {
  constructor(context: SandboxContext) {
    super(context, 'ContractNegotiation', canNegotiationMove, context.store.negotiations);
  }

  /** Management: starts negotiating an offer as the consumer. */
  initiate(input: InitiateNegotiation): NegotiationRecord {
    checkProtocol(input.protocol);
    const { counterPartyAddress, offer } = input;
    if (offer.id === undefined) throw badRequest('policy.@id is required', 'policy.@id');
    if (offer.target === undefined) throw badRequest('policy.target is required', 'policy.target');
    return this.open({
      type: 'CONSUMER',
      state: 'INITIAL',
      protocol: input.protocol,
      counterPartyAddress,
      counterPartyId: input.counterPartyId ?? offer.assigner ?? '',
      offer,
      assetId: offer.target,
      callbackAddresses: input.callbackAddresses,
    });
  }

  /** DSP, provider side: a consumer requests an offer. */
  onRequest(caller: string, message: JsonNode): Record<string, unknown> {
    const consumerPid = text(message.consumerPid);
    const callbackAddress = text(message.callbackAddress);
    if (consumerPid === undefined || callbackAddress === undefined) {
      throw badRequest('consumerPid and callbackAddress are required');
    }
    const offer = readPolicy(message.offer);
    const parsed = offer.id === undefined ? undefined : parseOfferId(offer.id);
    if (parsed === undefined) throw badRequest(`offer '${offer.id}' is not an offer of this connector`, 'offer.@id');
    const definition = this.store.contractDefinitions.get(parsed.definitionId);
    const asset = this.store.assets.get(parsed.assetId);
    const contractPolicy = definition && this.store.policyDefinitions.get(definition.contractPolicyId);
    if (
      definition === undefined ||
      asset === undefined ||
      contractPolicy === undefined ||
      !isSelected(asset, definition)
    ) {
      throw badRequest(`offer '${offer.id}' is no longer available`, 'offer.@id');
    }
    const record = this.open({
      type: 'PROVIDER',
      state: 'REQUESTED',
      protocol: 'dataspace-protocol-http',
      counterPartyAddress: callbackAddress,
      counterPartyId: caller,
      correlationId: consumerPid,
      offer: {
        ...contractPolicy.policy,
        id: offer.id,
        type: 'Offer',
        target: asset.id,
        assigner: this.context.participantId,
      },
      assetId: asset.id,
      contractDefinitionId: definition.id,
      callbackAddresses: [],
    });
    return this.dspView(record);
  }

  /** DSP, provider side: the consumer verified the agreement. */
  onVerification(caller: string, providerPid: string): void {
    const record = this.own(caller, providerPid, 'PROVIDER');
    if (isEnding(record)) return;
    if (record.state !== 'AGREEING' && record.state !== 'AGREED') {
      throw badRequest(`no agreement to verify in state ${record.state}`);
    }
    this.advance(record, 'VERIFIED');
  }

  /** DSP, consumer side: the provider agreed. */
  onAgreement(caller: string, consumerPid: string, message: JsonNode): void {
    const record = this.own(caller, consumerPid, 'CONSUMER');
    if (isEnding(record)) return;
    if (record.state !== 'REQUESTING' && record.state !== 'REQUESTED') {
      throw badRequest(`no agreement expected in state ${record.state}`);
    }
    const agreementNode = node(message.agreement);
    const policy = readPolicy(agreementNode);
    if (policy.id === undefined) throw badRequest('agreement.@id is required', 'agreement.@id');
    const signed = Date.parse(text(agreementNode.timestamp) ?? '');
    const agreement: AgreementRecord = {
      id: policy.id,
      assetId: policy.target ?? record.assetId,
      providerId: policy.assigner ?? caller,
      consumerId: policy.assignee ?? this.context.participantId,
      contractSigningDate: Math.floor((Number.isNaN(signed) ? Date.now() : signed) / 1000),
      policy,
    };
    this.store.agreements.set(agreement.id, agreement);
    record.correlationId ??= text(message.providerPid);
    if (record.counterPartyId === '') record.counterPartyId = caller;
    record.contractAgreementId = agreement.id;
    this.advance(record, 'AGREED');
  }

  /** DSP, consumer side: the provider finalized (or accepted) the negotiation. */
  onEvent(caller: string, consumerPid: string, message: JsonNode): void {
    const record = this.own(caller, consumerPid, 'CONSUMER');
    const event = term(message.eventType);
    if (event !== 'FINALIZED' || isEnding(record)) return;
    if (record.state !== 'VERIFYING' && record.state !== 'VERIFIED') {
      throw badRequest(`cannot finalize in state ${record.state}`);
    }
    this.move(record, 'FINALIZED');
  }

  /** DSP, either side: the counter-party terminated the negotiation. */
  onTermination(caller: string, pid: string, message: JsonNode): void {
    const record = this.own(caller, pid);
    if (record.state === 'TERMINATED') return;
    if (record.state === 'FINALIZED') throw badRequest('a finalized negotiation cannot be terminated');
    record.errorDetail = text(message.reason) ?? 'terminated by the counter-party';
    this.move(record, 'TERMINATED');
  }

  own(caller: string, pid: string, type?: NegotiationRecord['type']): NegotiationRecord {
    const record = this.find(pid, type);
    if (record.counterPartyId !== '' && record.counterPartyId !== caller) {
      throw forbidden(`participant ${caller} is not part of negotiation ${pid}`);
    }
    return record;
  }

  protected async step(id: string): Promise<void> {
    const record = this.store.negotiations.get(id);
    if (record === undefined) return;
    const theirs = record.correlationId;

    if (record.state === 'TERMINATING') {
      await this.endTerminating(record);
      return;
    }

    if (record.type === 'CONSUMER') {
      switch (record.state) {
        case 'INITIAL':
          this.advance(record, 'REQUESTING');
          return;
        case 'REQUESTING': {
          const body = dspMessage(record, 'ContractRequestMessage', {
            offer: presentPolicy(record.offer),
            callbackAddress: ownDspAddress(this.context.addresses.protocol, record.protocol),
          });
          await this.sendRequest(record, '/negotiations/request', body, 'REQUESTED');
          return;
        }
        case 'AGREED':
          this.advance(record, 'VERIFYING');
          return;
        case 'VERIFYING': {
          const body = dspMessage(record, 'ContractAgreementVerificationMessage');
          await this.sendAndMove(record, `/negotiations/${theirs}/agreement/verification`, body, 'VERIFIED');
          return;
        }
        default:
          return;
      }
    }

    switch (record.state) {
      case 'REQUESTED':
        this.advance(record, 'AGREEING');
        return;
      case 'AGREEING': {
        const agreement: AgreementRecord = {
          id: randomUUID(),
          assetId: record.assetId,
          providerId: this.context.participantId,
          consumerId: record.counterPartyId,
          contractSigningDate: Math.floor(Date.now() / 1000),
          policy: { ...record.offer, type: 'Agreement', assignee: record.counterPartyId },
        };
        agreement.policy.id = agreement.id;
        this.store.agreements.set(agreement.id, agreement);
        record.contractAgreementId = agreement.id;
        const body = dspMessage(record, 'ContractAgreementMessage', {
          agreement: {
            ...presentPolicy(agreement.policy),
            timestamp: new Date(agreement.contractSigningDate * 1000).toISOString(),
          },
          callbackAddress: this.context.addresses.protocol,
        });
        try {
          await this.send(record, `/negotiations/${theirs}/agreement`, body);
        } catch (error) {
          this.store.agreements.delete(agreement.id);
          record.contractAgreementId = undefined;
          this.fail(record, error);
          return;
        }
        if (record.state === 'AGREEING') this.move(record, 'AGREED');
        return;
      }
      case 'VERIFIED':
        this.advance(record, 'FINALIZING');
        return;
      case 'FINALIZING': {
        const body = dspMessage(record, 'ContractNegotiationEventMessage', { eventType: 'FINALIZED' });
        await this.sendAndMove(record, `/negotiations/${theirs}/events`, body, 'FINALIZED');
        return;
      }
      default:
        return;
    }
  }
}
