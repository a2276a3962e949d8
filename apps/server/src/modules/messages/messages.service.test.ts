import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { openTestDatabase } from '../../../test/database';
import { createIdentityModule } from '../identity/identity.module';
import { createMessagesRepo } from './messages.repo';
import { createMessagesService } from './messages.service';

let database: DatabaseHandle;
let actor: Actor;
beforeAll(async () => {
  database = await openTestDatabase();
  const { accounts } = createIdentityModule({
    db: database.db,
    login: { maxFailures: 5, windowS: 900 },
    initialAdminPassword: null,
  });
  const userId = (await accounts.createUser({ userName: 'reader', password: 'Pass-word-1' }))!;
  actor = { userId, userName: 'reader', status: 0, permissions: [], sessionId: 0, tokenType: 'shortTerm' };
});
afterAll(() => database.close());

describe('messages service', () => {
  it('takes % and _ in the title filter literally', async () => {
    const messages = createMessagesService({ repo: createMessagesRepo(database.db) });
    for (const title of ['100% done', '100 done', 'job_1 failed', 'jobA1 failed'])
      await messages.send(actor.userId, { title, content: '' });
    const titles = async (text: string) =>
      (await messages.list(actor, { page: 1, page_size: 20, field_lk_title: text })).list.map((m) => m.title);
    expect(await titles('100%')).toEqual(['100% done']);
    expect(await titles('job_1')).toEqual(['job_1 failed']);
  });
});
