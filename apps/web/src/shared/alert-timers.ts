/** Default time an alert stays, as the specification fixes it. */
export const ALERT_DURATION_MS = 5000;
/** Length of the fade-in and fade-out. */
export const ALERT_FADE_MS = 300;

/** The phases of the global alert: hidden, then in, then out after its duration, then hidden again. */
export type TAlertPhase = 'hidden' | 'in' | 'out';

export type TAlertTimers = {
  /** Enters phase 'in' now, 'out' after `duration` ms and 'hidden' a fade later; cancels the previous alert's timers. */
  start: (duration: number) => void;
  /** Cancels every pending timer (on unmount). */
  cancel: () => void;
};

/**
 * The alert's timing without React, so it can be tested with fake timers: a new alert resets the
 * timers, otherwise the previous alert's 'out' would cut the new one short.
 */
export function createAlertTimers(onPhase: (phase: TAlertPhase) => void): TAlertTimers {
  let pending: ReturnType<typeof setTimeout>[] = [];
  const cancel = () => {
    for (const timer of pending) clearTimeout(timer);
    pending = [];
  };
  return {
    start(duration) {
      cancel();
      onPhase('in');
      pending = [
        setTimeout(() => onPhase('out'), duration),
        setTimeout(() => onPhase('hidden'), duration + ALERT_FADE_MS),
      ];
    },
    cancel,
  };
}
