import { defineConfig } from 'tsup';

// Bundle only our own code (and the workspace contract, which ships .ts source); node_modules stay
// external so packages that read their own files at run time keep working.
export default defineConfig({
  entry: ['src/server.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: ['@starlight/contract'],
});
