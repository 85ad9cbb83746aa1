import type { TAssetInfo, TOfferInput } from '@dsm/contracts';
import {
  EMPTY_ASSET_INFO,
  emptyFormCache,
  type TAssetInfoDraft,
  type TFormCache,
  type TLicensingInfoDraft,
} from './form-cache';

/** The pre-requisites' choices, read from the wizard's query string (each '' when missing). */
export type TPrerequisites = { pricingOption: string; contentType: string; accessType: string };

/** Reads the pre-requisites from a query string; the edit's offer id too, when editing. */
export function readPrerequisites(params: URLSearchParams): TPrerequisites & { offerId: string } {
  return {
    pricingOption: params.get('pricingOption') ?? '',
    contentType: params.get('contentType') ?? '',
    accessType: params.get('accessType') ?? '',
    offerId: params.get('offerId') ?? '',
  };
}

/** The wizard's URL for chosen pre-requisites (and the offer being edited). */
export function wizardPath(prerequisites: TPrerequisites, offerId?: string): string {
  const params = new URLSearchParams({
    pricingOption: prerequisites.pricingOption,
    contentType: prerequisites.contentType,
    accessType: prerequisites.accessType,
  });
  if (offerId) params.set('offerId', offerId);
  return `/offer/create?${params.toString()}`;
}

/** True when the endpoint being typed holds anything, so Next must not drop it. */
export function hasEndpointContent(assetInfo: TAssetInfoDraft): boolean {
  return JSON.stringify(assetInfo) !== JSON.stringify(EMPTY_ASSET_INFO);
}

/** Every endpoint the offer would publish: the table's, plus the one being typed when it holds anything. */
export function endpointsOf(cache: TFormCache): TAssetInfoDraft[] {
  return hasEndpointContent(cache.assetInfo) ? [...cache.endpoints, cache.assetInfo] : cache.endpoints;
}

/**
 * The licensing group as an open/free offering must have it: free of charge at 0. The wizard applies
 * it, so a supplier who chose 'Open/Free Offering' never meets the price rules.
 */
export function applyPricingOption(licensing: TLicensingInfoDraft, pricingOption: string): TLicensingInfoDraft {
  if (pricingOption !== 'FREE') return licensing;
  if (licensing.paymentType === 'FREE_OF_CHARGE' && licensing.price === 0) return licensing;
  return { ...licensing, paymentType: 'FREE_OF_CHARGE', price: 0 };
}

/**
 * An endpoint of the draft as the API takes it: the credential fields become `gatewayCredential`
 * (a new secret, or the stored one kept by `keepFrom`), or nothing when no header is given.
 */
export function toAssetInput(draft: TAssetInfoDraft): Record<string, unknown> {
  const { credentialHeader, credentialSecret, credentialKeepFrom, ...endpoint } = draft;
  if (credentialHeader.trim() === '' && credentialSecret === '') return endpoint;
  const kept = credentialKeepFrom >= 0 ? { keepFrom: credentialKeepFrom } : {};
  return {
    ...endpoint,
    gatewayCredential: { headerName: credentialHeader, ...(credentialSecret ? { secret: credentialSecret } : kept) },
  };
}

/** The draft of a stored endpoint: the credential's header and where its secret is kept, never the secret. */
function toAssetDraft(endpoint: TAssetInfo): TAssetInfoDraft {
  const { gatewayCredential, ...fields } = endpoint;
  return {
    ...fields,
    credentialHeader: gatewayCredential?.headerName ?? '',
    credentialSecret: '',
    credentialKeepFrom: gatewayCredential?.keepFrom ?? -1,
  };
}

/** The body that publishes a draft; the API (and the wizard before it) validate it with ZOfferInput. */
export function toOfferInput(cache: TFormCache, prerequisites: TPrerequisites, language: string): unknown {
  return {
    pricingOption: prerequisites.pricingOption,
    contentType: prerequisites.contentType,
    accessType: prerequisites.accessType,
    language: language === 'en' ? 'en' : 'de',
    generalInfo: cache.generalInfo,
    endpoints: endpointsOf(cache).map(toAssetInput),
    licensingInfo: applyPricingOption(cache.licensingInfo, prerequisites.pricingOption),
    connectorId: prerequisites.accessType === 'CONNECTOR' ? cache.connectorId || null : null,
  };
}

/** The draft of a published offer, to edit it: its endpoints go to the table. */
export function toFormCache(input: TOfferInput): TFormCache {
  const cache = emptyFormCache();
  return {
    ...cache,
    generalInfo: { ...input.generalInfo, categories: [...input.generalInfo.categories] },
    endpoints: input.endpoints.map(toAssetDraft),
    licensingInfo: { ...input.licensingInfo },
    connectorId: input.connectorId ?? '',
  };
}
