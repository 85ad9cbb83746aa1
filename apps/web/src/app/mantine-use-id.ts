import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` (@mantine/hooks), put in its place by the build (vite.config.ts, mantineStableIds):
 * Mantine's own sets a random id in a layout effect after the first render, which made every input,
 * checkbox and label render a second time, synchronously, in the task of the commit: on the results
 * page the filter panel's dozens of checkboxes doubled its longest task. React's id is already unique
 * in the page and the same on every render, so this one returns it at once.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[:«»]/g, '')}`;
}
