import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** localStorage key of the demo-mode flag. */
export const DEMO_MODE_STORAGE_KEY = 'demoMode';

export type TDemoMode = { isDemoMode: boolean; setDemoMode: (isOn: boolean) => void };
const DemoModeContext = createContext<TDemoMode>({ isDemoMode: false, setDemoMode: () => {} });

function readStored(): boolean {
  try {
    return localStorage.getItem(DEMO_MODE_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** The global demo-mode flag, switched by phrases in the search bar and kept across reloads. */
export function DemoModeProvider({ children }: { children: ReactNode }) {
  const [isDemoMode, setIsDemoMode] = useState(readStored);
  const setDemoMode = useCallback((isOn: boolean) => {
    setIsDemoMode(isOn);
    try {
      if (isOn) localStorage.setItem(DEMO_MODE_STORAGE_KEY, 'true');
      else localStorage.removeItem(DEMO_MODE_STORAGE_KEY);
    } catch {
      // Storage may be unavailable (private mode); the flag then lasts for this page only.
    }
  }, []);
  const value = useMemo(() => ({ isDemoMode, setDemoMode }), [isDemoMode, setDemoMode]);
  return <DemoModeContext.Provider value={value}>{children}</DemoModeContext.Provider>;
}

/** The demo-mode flag and its switch. */
export const useDemoMode = (): TDemoMode => useContext(DemoModeContext);
