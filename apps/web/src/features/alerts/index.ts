/**
 * What other features use of saved searches and alerts: the results page's "Save this search". The button
 * itself brings the dialog code, so it is handed out as a loader and stays in a chunk of its own.
 */
export { SaveSearchButtonFace } from './SaveSearchButtonFace';

/** Loads the "Save this search" button (and its dialog) on first use. */
export const loadSaveSearchButton = async () => (await import('./SaveSearchButton')).SaveSearchButton;
