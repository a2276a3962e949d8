import type { Database } from '../../db/client';
import { createMessagesRepo } from './messages.repo';
import { messagesRoutes } from './messages.routes';
import { createMessagesService } from './messages.service';

export function createMessagesModule({ db }: { db: Database }) {
  const service = createMessagesService({ repo: createMessagesRepo(db) });
  return { service, routes: messagesRoutes };
}

export type MessagesModule = ReturnType<typeof createMessagesModule>;
