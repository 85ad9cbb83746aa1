/**
 * The wizard's step counter, as the specification defines it: it starts at 1, Next and 'Skip for
 * now' add 1 without an upper bound, Back subtracts 1 but never goes below 1, and every step from 4
 * on shows the preview.
 */

/** The numbered steps: 1 Asset Information, 2 Add endpoints, 3 Add usage, license and pricing, 4 Preview. */
export const WIZARD_STEPS = ['generalInfo', 'endpoints', 'licensing', 'preview'] as const;
export type TWizardStep = (typeof WIZARD_STEPS)[number];

export const FIRST_STEP = 1;
export const PREVIEW_STEP = WIZARD_STEPS.length;

/** The step after Next or 'Skip for now'. */
export const nextStep = (step: number): number => step + 1;

/** The step after Back. */
export const previousStep = (step: number): number => Math.max(FIRST_STEP, step - 1);

/** What a step counter shows: steps beyond 4 fall back to the preview. */
export function stepKind(step: number): TWizardStep {
  const index = Math.min(Math.max(step, FIRST_STEP), PREVIEW_STEP) - 1;
  return WIZARD_STEPS[index]!;
}

/** The step the stepper highlights, 0-based. */
export const activeIndex = (step: number): number => WIZARD_STEPS.indexOf(stepKind(step));

/** The search parameter that keeps the wizard's step in its URL, so a reload returns to the same step. */
export const STEP_PARAM = 'step';

/** The step a URL names: a whole number from 1 on; anything else (or none) is the first step. */
export function stepFromParam(value: string | null): number {
  if (value === null || !/^\d{1,3}$/.test(value)) return FIRST_STEP;
  return Math.max(FIRST_STEP, Number(value));
}
