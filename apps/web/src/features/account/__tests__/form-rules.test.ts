import { describe, expect, it } from 'vitest';
import type { FormInstance } from 'antd';
import { z } from 'zod';
import { schemaRule } from '../form-rules';

const schema = z.object({ name: z.string().min(1), bio: z.string().optional() });
const run = (values: Record<string, unknown>, paths: string[]) =>
  (schemaRule(schema, paths)({ getFieldsValue: () => values } as unknown as FormInstance) as { validator: () => Promise<void> }).validator();

describe('schemaRule', () => {
  it('refuses a control character on its field with the contract text, before the schema', async () => {
    await expect(run({ name: 'ad\u0000min' }, ['name'])).rejects.toThrow(/control|NUL|制御|控制/i);
    await expect(run({ name: 'admin', bio: 'two\nlines\twith a tab' }, ['name', 'bio'])).resolves.toBeUndefined();
    // another field's problem is not this field's
    await expect(run({ name: 'admin', bio: '\u0001' }, ['name'])).resolves.toBeUndefined();
  });
});
