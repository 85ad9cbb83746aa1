import { describe, expect, it } from 'vitest';
import { activeIndex, FIRST_STEP, nextStep, previousStep, stepFromParam, stepKind } from './step-machine';

describe('the wizard step counter', () => {
  it('starts at 1 and goes up by 1 on Next or Skip, without an upper bound', () => {
    expect(FIRST_STEP).toBe(1);
    expect(nextStep(1)).toBe(2);
    expect(nextStep(4)).toBe(5);
    expect(nextStep(nextStep(5))).toBe(7);
  });

  it('goes down by 1 on Back, never below 1', () => {
    expect(previousStep(3)).toBe(2);
    expect(previousStep(1)).toBe(1);
    expect(previousStep(previousStep(2))).toBe(1);
  });

  it('shows steps 1 to 3 as themselves and every step from 4 on as the preview', () => {
    expect([1, 2, 3, 4, 5, 99].map(stepKind)).toEqual([
      'generalInfo',
      'endpoints',
      'licensing',
      'preview',
      'preview',
      'preview',
    ]);
    expect(activeIndex(7)).toBe(3);
  });

  it('comes back from far beyond the preview one step at a time', () => {
    expect(stepKind(previousStep(6))).toBe('preview');
    expect(stepKind(previousStep(4))).toBe('licensing');
  });
});

describe('the step in the URL', () => {
  it('reads a whole number from 1 on, and the first step for anything else', () => {
    expect(stepFromParam('3')).toBe(3);
    expect(stepFromParam('7')).toBe(7);
    for (const value of [null, '', '0', '-2', '2.5', 'x', '1e3', '99999'])
      expect(stepFromParam(value), String(value)).toBe(1);
  });
});
