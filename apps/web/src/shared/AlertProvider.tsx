import { Alert } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ALERT_DURATION_MS, createAlertTimers, type TAlertPhase } from './alert-timers';

export type TAlertType = 'success' | 'error';
/** Options of one alert: `type` defaults to success, `duration` to 5000 ms. */
export type TAlertOptions = { type?: TAlertType; duration?: number };
/** Shows a global alert, replacing the one on screen. */
export type TShowAlert = (message: string, options?: TAlertOptions) => void;

type TAlert = { message: string; type: TAlertType };

const AlertContext = createContext<TShowAlert>(() => {});

/**
 * The global alert banner at the top left: one alert at a time, red for errors and in the primary
 * colour for success, fading in and out over 300 ms. The live region is always mounted so screen
 * readers announce each new message.
 */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [alert, setAlert] = useState<TAlert | null>(null);
  const [phase, setPhase] = useState<TAlertPhase>('hidden');
  const timers = useMemo(() => createAlertTimers(setPhase), []);
  useEffect(() => timers.cancel, [timers]);

  const show = useCallback<TShowAlert>(
    (message, options = {}) => {
      setAlert({ message, type: options.type ?? 'success' });
      timers.start(options.duration ?? ALERT_DURATION_MS);
    },
    [timers],
  );

  return (
    <AlertContext.Provider value={show}>
      {children}
      <div aria-live="assertive" className="global-alert">
        {/* The fade is CSS (app.css) driven by the phase, so the timers alone decide what is on screen. */}
        {phase !== 'hidden' && alert !== null && (
          <Alert
            className={`global-alert__message is-${phase}`}
            role="alert"
            color={alert.type === 'error' ? 'red' : undefined}
            variant="filled"
            data-testid="global-alert"
            data-type={alert.type}
          >
            {alert.message}
          </Alert>
        )}
      </div>
    </AlertContext.Provider>
  );
}

/** Shows a global alert: `showAlert(message, { type: 'error', duration: 2000 })`. */
export const useAlert = (): TShowAlert => useContext(AlertContext);
