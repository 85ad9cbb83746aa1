import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALERT_DURATION_MS, ALERT_FADE_MS, createAlertTimers, type TAlertPhase } from './alert-timers';

describe('createAlertTimers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows, fades out after the duration and hides a fade later', () => {
    const phases: TAlertPhase[] = [];
    const timers = createAlertTimers((phase) => phases.push(phase));
    timers.start(ALERT_DURATION_MS);
    expect(phases).toEqual(['in']);
    vi.advanceTimersByTime(ALERT_DURATION_MS - 1);
    expect(phases).toEqual(['in']);
    vi.advanceTimersByTime(1);
    expect(phases).toEqual(['in', 'out']);
    vi.advanceTimersByTime(ALERT_FADE_MS);
    expect(phases).toEqual(['in', 'out', 'hidden']);
  });

  it('restarts the timers when a new alert arrives', () => {
    const phases: TAlertPhase[] = [];
    const timers = createAlertTimers((phase) => phases.push(phase));
    timers.start(2000);
    vi.advanceTimersByTime(1500);
    timers.start(2000);
    // The first alert's 'out' at 2000 ms must not cut the second one short.
    vi.advanceTimersByTime(1000);
    expect(phases).toEqual(['in', 'in']);
    vi.advanceTimersByTime(1000);
    expect(phases).toEqual(['in', 'in', 'out']);
  });

  it('does nothing more once cancelled', () => {
    const phases: TAlertPhase[] = [];
    const timers = createAlertTimers((phase) => phases.push(phase));
    timers.start(1000);
    timers.cancel();
    vi.advanceTimersByTime(5000);
    expect(phases).toEqual(['in']);
  });
});
