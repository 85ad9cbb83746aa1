import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
