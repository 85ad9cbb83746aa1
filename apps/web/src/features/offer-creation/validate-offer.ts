import {
  GATEWAY_CREDENTIAL_RULES,
  OFFER_RULES,
  pricingIssues,
  ZAssetInfo,
  ZGeneralInfo,
  ZLicensingInfo,
  ZOfferInput,
} from '@dsm/contracts';
import type { z } from 'zod';
import type { TAssetInfoDraft, TFormCache, TGeneralInfoDraft, TLicensingInfoDraft } from './form-cache';
import { applyPricingOption, type TPrerequisites, toAssetInput, toOfferInput } from './offer-input';

/** Field name (dot path inside its group) → i18n key of what is wrong with it. */
export type TFieldErrors = Record<string, string>;

const RULE_KEYS = new Map<string, string>([
  ...Object.entries(OFFER_RULES).map(([name, message]) => [message, `offerCreation.rules.${name}`] as const),
  ...Object.entries(GATEWAY_CREDENTIAL_RULES).map(
    ([name, message]) => [message, `offerCreation.credential.rules.${name}`] as const,
  ),
]);

/** The translation key of a rule the contracts name; any other message reads as 'invalid'. */
export function ruleKey(message: string): string {
  return RULE_KEYS.get(message) ?? 'offerCreation.rules.INVALID';
}

/** The first problem of each field, as translation keys. */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[], dropPrefix = 0): TFieldErrors {
  const errors: TFieldErrors = {};
  for (const issue of issues) {
    const field = issue.path
      .slice(dropPrefix)
      .join('.')
      .replace(/\.\d+$/, '');
    if (!(field in errors)) errors[field] = ruleKey(issue.message);
  }
  return errors;
}

/** Step 1's rules, checked before Next leaves it. */
export function validateGeneralInfo(draft: TGeneralInfoDraft): TFieldErrors {
  const result = ZGeneralInfo.safeParse(draft);
  return result.success ? {} : toFieldErrors(result.error.issues);
}

/** One endpoint's rules (step 2), checked when it is added to the table or Next leaves the step. */
export function validateAssetInfo(draft: TAssetInfoDraft): TFieldErrors {
  const result = ZAssetInfo.safeParse(toAssetInput(draft));
  return result.success ? {} : toFieldErrors(result.error.issues);
}

/** Step 3's rules, with how price and payment model must fit the pricing option. */
export function validateLicensingInfo(draft: TLicensingInfoDraft, pricingOption: string): TFieldErrors {
  const licensing = applyPricingOption(draft, pricingOption);
  const result = ZLicensingInfo.safeParse(licensing);
  const errors = result.success ? {} : toFieldErrors(result.error.issues);
  for (const issue of pricingIssues(pricingOption, licensing)) {
    if (!(issue.field in errors)) errors[issue.field] = ruleKey(issue.message);
  }
  return errors;
}

/** A problem the preview lists before publishing: which step, which field, what rule. */
export type TOfferProblem = { step: 1 | 2 | 3 | 0; field: string; key: string };

const STEP_OF_GROUP: Record<string, 1 | 2 | 3> = {
  generalInfo: 1,
  endpoints: 2,
  connectorId: 2,
  licensingInfo: 3,
};

/**
 * Everything that would stop publishing, by step, so the preview can send the supplier back to a
 * step they skipped. Step 0 stands for the pre-requisites (a choice missing from the URL).
 */
export function validateOffer(cache: TFormCache, prerequisites: TPrerequisites, language: string): TOfferProblem[] {
  const result = ZOfferInput.safeParse(toOfferInput(cache, prerequisites, language));
  if (result.success) return [];
  const seen = new Set<string>();
  const problems: TOfferProblem[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    const group = String(issue.path[0] ?? '');
    problems.push({ step: STEP_OF_GROUP[group] ?? 0, field, key: ruleKey(issue.message) });
  }
  return problems;
}
