/** localStorage key of the chosen language; index.html's landing preload reads it too (vite.config.ts). */
export const LANGUAGE_STORAGE_KEY = 'language';
