import { Alert, Transition } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';

/** Default time an alert stays, and the fade, as the specification fixes them. */
export const ALERT_DURATION_MS = 5000;
export const ALERT_FADE_MS = 300;

export type TAlertType = 'success' | 'error';
export type TAlert = { message: string; type: TAlertType; duration: number };
type TShowAlert = (message: string, options?: { type?: TAlertType; duration?: number }) => void;

const AlertContext = createContext<TShowAlert>(() => {});

/** Shows one alert at a time at the top left; a new alert replaces the current one and restarts its timers. */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [alert, setAlert] = useState<TAlert | null>(null);
  const [isShown, setIsShown] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const clearTimers = useCallback(() => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = [];
  }, []);

  const show = useCallback<TShowAlert>(
    (message, options = {}) => {
      clearTimers();
      const next = { message, type: options.type ?? 'success', duration: options.duration ?? ALERT_DURATION_MS };
      setAlert(next);
      setIsShown(true);
      timers.current.push(
        setTimeout(() => setIsShown(false), next.duration),
        setTimeout(() => setAlert(null), next.duration + ALERT_FADE_MS),
      );
    },
    [clearTimers],
  );

  useEffect(() => clearTimers, [clearTimers]);
  const value = useMemo(() => show, [show]);

  return (
    <AlertContext.Provider value={value}>
      {children}
      <div
        aria-live="assertive"
        style={{ position: 'fixed', top: 12, left: 12, zIndex: 1000, maxWidth: 'min(480px, calc(100vw - 24px))' }}
      >
        <Transition mounted={isShown && alert !== null} transition="fade" duration={ALERT_FADE_MS}>
          {(styles) =>
            alert ? (
              <Alert
                style={styles}
                role="alert"
                color={alert.type === 'error' ? 'red' : undefined}
                variant="filled"
                data-testid="global-alert"
              >
                {alert.message}
              </Alert>
            ) : (
              <span />
            )
          }
        </Transition>
      </div>
    </AlertContext.Provider>
  );
}

/** Shows a global alert: `showAlert(message, { type: 'error', duration: 2000 })`. */
export const useAlert = (): TShowAlert => useContext(AlertContext);
