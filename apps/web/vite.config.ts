import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every built text file of 1 KiB or more, at the best ratio (once per
 * build, not per request): the server sends them by the request's Accept-Encoding (@fastify/static
 * `preCompressed`), the file itself to clients that accept neither.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'starlight-precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries.filter((e) => e.isFile() && /\.(?:js|mjs|css|html|svg|json|txt|map|wasm)$/.test(e.name)).map((e) => path.join(e.parentPath, e.name));
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(file);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gzip(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

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
    plugins: [react(), precompress()],
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
