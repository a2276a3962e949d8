import type { Database } from '../../db/client';
import type { MailDriver } from '../../drivers/mail/interface';
import { createMessagesRepo } from './messages.repo';
import { messagesRoutes } from './messages.routes';
import { messagesStreamRoutes } from './messages-stream.routes';
import { createInboxService } from './messages.service';
import { createPreferencesRepo } from './preferences.repo';
import { createPreferencesService } from './preferences.service';
import { createSender } from './send.service';

export interface MessagesModuleDeps {
  db: Database;
  mail?: Pick<MailDriver, 'send'>;
  emailOf?: (userId: number) => Promise<string | null>;
  log?: (error: unknown, context: string) => void;
  now?: () => Date;
}

/**
 * Messages: the inbox (spec §7), per-kind channel choices, and `service.send`, the one call other
 * modules are handed to reach users (README).
 */
export function createMessagesModule({ db, mail, emailOf, log, now = () => new Date() }: MessagesModuleDeps) {
  const repo = createMessagesRepo(db);
  const preferences = createPreferencesService({ repo: createPreferencesRepo(db), now });
  const sender = createSender({ repo, preferences, mail, emailOf, log });
  const inbox = createInboxService({ repo });
  const service = { ...inbox, send: sender.send, optedIn: preferences.optedIn, events: sender.events };
  return { service, inbox, preferences, routes: messagesRoutes, streamRoutes: messagesStreamRoutes };
}

export type MessagesModule = ReturnType<typeof createMessagesModule>;
export type MessagesService = MessagesModule['service'];
