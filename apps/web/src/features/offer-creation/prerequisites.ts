import type { TAccessType, TContentType, TPricingOption } from '@dsm/contracts';

/** Where the pre-requisites stand: the step and the choices so far. */
export type TPrerequisitesState = {
  step: 1 | 2;
  pricingOption: TPricingOption | null;
  contentType: TContentType | null;
  /** True after a content type was chosen without a pricing option: the message shows. */
  isPricingMissing: boolean;
};

export const INITIAL_PREREQUISITES: TPrerequisitesState = {
  step: 1,
  pricingOption: null,
  contentType: null,
  isPricingMissing: false,
};

/** Picking a pricing option clears the message. */
export const choosePricing = (state: TPrerequisitesState, pricingOption: TPricingOption): TPrerequisitesState => ({
  ...state,
  pricingOption,
  isPricingMissing: false,
});

/** Picking a content type moves to step 2, but only once a pricing option is chosen; otherwise the message shows. */
export function chooseContent(state: TPrerequisitesState, contentType: TContentType): TPrerequisitesState {
  if (!state.pricingOption) return { ...state, contentType, isPricingMissing: true };
  return { ...state, contentType, step: 2, isPricingMissing: false };
}

/** Back returns to step 1 and clears both choices. */
export const backToPricing = (): TPrerequisitesState => INITIAL_PREREQUISITES;

/** The wizard's query string once the access type is picked. */
export function wizardQuery(state: TPrerequisitesState, accessType: TAccessType): string {
  return new URLSearchParams({
    pricingOption: state.pricingOption ?? '',
    contentType: state.contentType ?? '',
    accessType,
  }).toString();
}
