// The import-direction rules of ARCHITECTURE §2, as one ESLint rule so a violating import fails lint.
import path from 'node:path';

const serverLayer = (rel) => {
  if (rel === 'app.ts' || rel === 'server.ts' || rel.startsWith('cli/')) return 3;
  if (rel.startsWith('modules/')) return 2;
  if (rel.startsWith('plugins/')) return 1;
  return 0; // lib, config, db, drivers
};

const webLayer = (rel) => {
  if (rel.startsWith('app/') || rel === 'main.tsx') return 2;
  if (rel.startsWith('features/')) return 1;
  return 0; // lib, components, locales, test setup
};

const moduleRole = (file) => {
  const m = /\.(routes|service|repo)(\.tsx?)?$/.exec(file);
  return m ? m[1] : undefined;
};

/** Returns a message when `from` (a file) may not import `to` (a resolved path), else undefined. */
export function checkImport(root, from, to, source) {
  const relFrom = path.relative(root, from).split(path.sep).join('/');
  const relTo = to ? path.relative(root, to).split(path.sep).join('/') : undefined;

  if (relFrom.startsWith('packages/contract/')) {
    if (source === 'zod' || source.startsWith('zod/')) return undefined;
    if (source === 'vitest' && /\.test\.ts$/.test(relFrom)) return undefined;
    // The shared CWL code edits YAML losslessly in the browser and the server alike: `yaml` is pure JS.
    if (source === 'yaml' && relFrom.startsWith('packages/contract/src/cwl/')) return undefined;
    // Tests (never shipped to the browser) may read fixtures and run the real engine.
    if (source.startsWith('node:') && /\.test\.ts$/.test(relFrom)) return undefined;
    if (relTo && relTo.startsWith('packages/contract/')) return undefined;
    return 'packages/contract imports only zod (and yaml under src/cwl/)';
  }
  if (!relTo) return undefined; // a package import
  const appOf = (r) => (r.startsWith('apps/server/') ? 'server' : r.startsWith('apps/web/') ? 'web' : undefined);
  const a = appOf(relFrom);
  const b = appOf(relTo);
  if (b && a !== b) return `apps/${a ?? '?'} must not import apps/${b}; share code through packages/contract`;
  if (relTo.startsWith('packages/')) return 'import packages through their name (@starlight/contract/<area>), not a relative path';

  if (a === 'server') {
    const f = relFrom.replace(/^apps\/server\/src\//, '');
    const t = relTo.replace(/^apps\/server\/src\//, '');
    if (!relFrom.startsWith('apps/server/src/') || !relTo.startsWith('apps/server/src/')) return undefined;
    if (serverLayer(t) > serverLayer(f)) return `server layers go lib → plugins → modules → app.ts: ${f} may not import ${t}`;
    if (f.startsWith('drivers/') && (t.startsWith('modules/') || t.startsWith('plugins/')))
      return 'drivers know nothing of modules or plugins';
    if (f.startsWith('modules/')) {
      const fromModule = f.split('/')[1];
      const role = moduleRole(f);
      if (t.startsWith('modules/')) {
        const toModule = t.split('/')[1];
        const toRole = moduleRole(t);
        if (toModule !== fromModule && (toRole === 'repo' || toRole === 'routes'))
          return `a module never imports another module's ${toRole}; hand it the other module's service`;
        if (toModule === fromModule) {
          if (role === 'routes' && toRole === 'repo') return 'routes never touch the repo: go through the service';
          if (role === 'service' && toRole === 'routes') return 'a service never imports routes';
          if (role === 'repo' && (toRole === 'service' || toRole === 'routes')) return 'a repo imports only db/schema';
        }
      }
      if (t.startsWith('db/') && role === 'routes') return 'routes never touch the db';
      if (t.startsWith('db/') && role === 'service' && !t.startsWith('db/schema/'))
        return 'services reach the db through their repo';
    }
    return undefined;
  }
  if (a === 'web') {
    if (!relFrom.startsWith('apps/web/src/') || !relTo.startsWith('apps/web/src/')) return undefined;
    const f = relFrom.replace(/^apps\/web\/src\//, '');
    const t = relTo.replace(/^apps\/web\/src\//, '');
    if (webLayer(t) > webLayer(f)) return `web layers go lib, components, locales → features → app: ${f} may not import ${t}`;
    if (f.startsWith('features/') && t.startsWith('features/') && f.split('/')[1] !== t.split('/')[1])
      return 'features never import each other; compose them in app/';
  }
  return undefined;
}

const resolveCandidates = (base) => [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];

export default {
  meta: { type: 'problem', schema: [{ type: 'object', properties: { root: { type: 'string' } } }] },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const file = context.filename;
    const relFile = path.relative(root, file).split(path.sep).join('/');
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      let resolved;
      if (source.startsWith('.')) resolved = resolveCandidates(path.resolve(path.dirname(file), source))[0];
      const message = checkImport(root, file, resolved, source);
      if (message) context.report({ node, message });
    };
    return {
      Program(node) {
        if (/^apps\/web\/src\/features\/[^/]+\/(.+\/)?index\.tsx?$/.test(relFile))
          context.report({ node, message: 'no barrel files inside features' });
      },
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
