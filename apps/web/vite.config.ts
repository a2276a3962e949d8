import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';

// Vite 8 bundles with rolldown: `build.rollupOptions` is a deprecated alias of `build.rolldownOptions`,
// and rollup's object-form `manualChunks` is gone; chunk groups live in `output.codeSplitting.groups`.
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, '.', ['VITE_', 'STARLIGHT_']);
  const apiTarget = env.STARLIGHT_API_TARGET || 'http://127.0.0.1:8080';
  const proxy = {
    '/api': { target: apiTarget, changeOrigin: true, ws: true },
    '/metrics': { target: apiTarget, changeOrigin: true },
  };
  return {
    plugins: [react()],
    server: { port: 5173, proxy },
    preview: { proxy },
    build: {
      manifest: true,
      target: 'es2022',
      chunkSizeWarningLimit: 700,
      rolldownOptions: {
        treeshake: {
          // zod's schema builders are pure: a contract module whose schemas a chunk does not use
          // (only its constants) then costs that chunk nothing, and zod stays off the login page.
          manualPureFunctions: ['z'],
        },
        output: {
          codeSplitting: {
            groups: [
              // React and the router change rarely: one long-cached chunk, loaded by every page.
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 20 },
              // zod with its jitless switch (src/lib/zod-jitless.ts) in one chunk, so the switch is set before
              // any other chunk builds a schema: the CSP forbids the eval zod's JIT would try.
              { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-jitless/, priority: 30 },
            ],
          },
        },
      },
    },
  };
});
