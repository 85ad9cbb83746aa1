// Inline in the head of index.html (vite.config.ts), before the app bundle. zod builds every object
// schema's parser with `new Function` after probing whether eval is allowed, and it probes while the
// schemas are created at module load. Under the server's Content-Security-Policy (no 'unsafe-eval') the probe fails
// harmlessly but the browser reports a violation on every page. zod reads its settings from this
// global when it loads (z.config writes the same object), so jitless must be set before it.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
