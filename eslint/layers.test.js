import { describe, it, expect } from 'vitest';
import { ESLint } from 'eslint';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function layerErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'starlight/layers').map((m) => m.message);
}

describe('import direction (ARCHITECTURE §2)', () => {
  it('lets packages/contract import zod and its own files only', async () => {
    expect(await layerErrors('packages/contract/src/x.ts', "import { z } from 'zod';\nimport { Code } from './codes';\nexport const a = [z, Code];\n")).toEqual([]);
    expect(await layerErrors('packages/contract/src/x.ts', "import fs from 'node:fs';\nexport const a = fs;\n")).toHaveLength(1);
    expect(await layerErrors('packages/contract/src/cwl/document.ts', "import { parseDocument } from 'yaml';\nexport const a = parseDocument;\n")).toEqual([]);
    expect(await layerErrors('packages/contract/src/jobs.ts', "import { parseDocument } from 'yaml';\nexport const a = parseDocument;\n")).toHaveLength(1);
    expect(await layerErrors('packages/contract/src/cwl/document.ts', "import fs from 'node:fs';\nexport const a = fs;\n")).toHaveLength(1);
  });
  it('refuses a plugin importing a module', async () => {
    expect(await layerErrors('apps/server/src/plugins/auth.ts', "import { x } from '../modules/auth/auth.service';\nexport const a = x;\n")).toHaveLength(1);
  });
  it('refuses routes touching the repo or the db', async () => {
    expect(await layerErrors('apps/server/src/modules/auth/auth.routes.ts', "import { x } from './auth.repo';\nexport const a = x;\n")).toHaveLength(1);
    expect(await layerErrors('apps/server/src/modules/auth/auth.routes.ts', "import { x } from '../../db/client';\nexport const a = x;\n")).toHaveLength(1);
    expect(await layerErrors('apps/server/src/modules/auth/auth.routes.ts', "import { x } from './auth.service';\nexport const a = x;\n")).toEqual([]);
  });
  it("refuses a module importing another module's repo", async () => {
    expect(await layerErrors('apps/server/src/modules/jobs/jobs.service.ts', "import { x } from '../users/users.repo';\nexport const a = x;\n")).toHaveLength(1);
  });
  it('refuses drivers importing modules', async () => {
    expect(await layerErrors('apps/server/src/drivers/scheduler/local/queue.ts', "import { x } from '../../../modules/jobs/jobs.service';\nexport const a = x;\n")).toHaveLength(1);
  });
  it('refuses features importing each other or app/', async () => {
    expect(await layerErrors('apps/web/src/features/jobs/components/list.tsx', "import { x } from '../../auth/api/login';\nexport const a = x;\n")).toHaveLength(1);
    expect(await layerErrors('apps/web/src/features/jobs/components/list.tsx', "import { x } from '../../../app/routes';\nexport const a = x;\n")).toHaveLength(1);
    expect(await layerErrors('apps/web/src/lib/x.ts', "import { x } from '../features/auth/api/login';\nexport const a = x;\n")).toHaveLength(1);
    expect(await layerErrors('apps/web/src/app/router.tsx', "import { x } from '../features/auth/api/login';\nexport const a = x;\n")).toEqual([]);
  });
  it('refuses barrel files inside features', async () => {
    expect(await layerErrors('apps/web/src/features/jobs/index.ts', 'export const a = 1;\n')).toHaveLength(1);
  });
  it('refuses one app importing the other', async () => {
    expect(await layerErrors('apps/web/src/lib/x.ts', "import { x } from '../../../server/src/lib/y';\nexport const a = x;\n")).toHaveLength(1);
  });
});
