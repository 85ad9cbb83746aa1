import { describe, expect, it } from 'vitest';
import { backToPricing, chooseContent, choosePricing, INITIAL_PREREQUISITES, wizardQuery } from './prerequisites';

describe('the create-offer pre-requisites', () => {
  it('shows the message when a content type is chosen without a pricing option, and stays on step 1', () => {
    const state = chooseContent(INITIAL_PREREQUISITES, 'DATA');
    expect(state).toMatchObject({ step: 1, isPricingMissing: true });
  });

  it('moves to step 2 once a pricing option and a content type are chosen', () => {
    const state = chooseContent(choosePricing(INITIAL_PREREQUISITES, 'PAID'), 'SERVICE');
    expect(state).toMatchObject({ step: 2, pricingOption: 'PAID', contentType: 'SERVICE', isPricingMissing: false });
  });

  it('clears the message when a pricing option is picked', () => {
    expect(choosePricing(chooseContent(INITIAL_PREREQUISITES, 'DATA'), 'FREE').isPricingMissing).toBe(false);
  });

  it('goes back to step 1 with both choices cleared', () => {
    expect(backToPricing()).toEqual({ step: 1, pricingOption: null, contentType: null, isPricingMissing: false });
  });

  it('builds the wizard query with all three choices', () => {
    const state = chooseContent(choosePricing(INITIAL_PREREQUISITES, 'FREE'), 'DATA');
    expect(wizardQuery(state, 'CONNECTOR')).toBe('pricingOption=FREE&contentType=DATA&accessType=CONNECTOR');
  });
});
