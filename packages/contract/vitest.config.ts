// A plain object rather than defineConfig: this package may import only zod (eslint/layers.js),
// and vitest reads an untyped config just the same.
export default { test: { include: ['src/**/*.test.ts'] } };
