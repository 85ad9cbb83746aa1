import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a .br and a .gz beside every script, style sheet and page of the build; the server hands
 * them out by Accept-Encoding (@fastify/static's preCompressed), so the slow first visit on a phone
 * downloads about a quarter of the bytes without compressing on each request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of [...Object.keys(bundle), 'index.html']) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const content = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 900 },
  // Hot reload next to `npm start`: the API, the orders, the sign-in pages and the app settings come
  // from the running server (start it with PUBLIC_URL=http://localhost:5173 so sign-in returns here).
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/idp-service': 'http://localhost:8080',
      '/idp': 'http://localhost:8080',
      '/app-config.json': 'http://localhost:8080',
    },
  },
});
