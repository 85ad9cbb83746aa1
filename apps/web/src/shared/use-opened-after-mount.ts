import { useEffect, useState } from 'react';

/**
 * For a dialog whose code loads apart and which the page mounts when it is first opened: it opens
 * one render after mounting, so Mantine notes the focused control (the one that opened it) and
 * gives focus back to it on close, as it does for a dialog that was there all along.
 */
export function useOpenedAfterMount(isOpen: boolean): boolean {
  const [isMounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return isMounted && isOpen;
}
