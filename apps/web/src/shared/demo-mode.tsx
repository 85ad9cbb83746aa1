import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

const STORAGE_KEY = 'demoMode';

type TDemoMode = { isDemoMode: boolean; setDemoMode: (isOn: boolean) => void };
const DemoModeContext = createContext<TDemoMode>({ isDemoMode: false, setDemoMode: () => {} });

function readStored(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'true';
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
      localStorage.setItem(STORAGE_KEY, String(isOn));
    } catch {
      // Storage may be unavailable (private mode); the flag then lasts for this page only.
    }
  }, []);
  const value = useMemo(() => ({ isDemoMode, setDemoMode }), [isDemoMode, setDemoMode]);
  return <DemoModeContext.Provider value={value}>{children}</DemoModeContext.Provider>;
}

export const useDemoMode = (): TDemoMode => useContext(DemoModeContext);
