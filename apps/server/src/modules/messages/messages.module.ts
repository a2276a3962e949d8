import type { Database } from '../../db/client';
import type { MailDriver } from '../../drivers/mail/interface';
import type { ClusterBus } from '../../lib/cluster-bus';
import { maxPayloadBytes } from '../../lib/cluster-bus';
import type { Message } from '@starlight/contract/messages';
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
  /** Other console instances: a message sent here reaches the live streams opened there too. */
  bus?: Pick<ClusterBus, 'publish' | 'subscribe'>;
}

const newMessageTopic = 'messages.new';

/**
 * Messages: the inbox (spec §7), per-kind channel choices, and `service.send`, the one call other
 * modules are handed to reach users (README).
 */
export function createMessagesModule({ db, mail, emailOf, log, now = () => new Date(), bus }: MessagesModuleDeps) {
  const repo = createMessagesRepo(db);
  const preferences = createPreferencesService({ repo: createPreferencesRepo(db), now });
  const sender = createSender({ repo, preferences, mail, emailOf, log });
  const inbox = createInboxService({ repo });
  const service = { ...inbox, send: sender.send, optedIn: preferences.optedIn, events: sender.events };
  if (bus) relayAcrossInstances(sender.events, bus);
  return { service, inbox, preferences, routes: messagesRoutes, streamRoutes: messagesStreamRoutes };
}

export type MessagesModule = ReturnType<typeof createMessagesModule>;
export type MessagesService = MessagesModule['service'];

/**
 * New messages travel to the other instances' live streams over the bus; one that came from there is
 * not sent back. A body too long for NOTIFY travels without its content: the stream only announces it,
 * and the browser reads the message itself.
 */
function relayAcrossInstances(events: MessagesModule['service']['events'], bus: Pick<ClusterBus, 'publish' | 'subscribe'>): void {
  const fromElsewhere = new WeakSet<Message>();
  events.on('message', (userId, message) => {
    if (fromElsewhere.has(message)) return;
    const whole = { userId, message };
    bus.publish(newMessageTopic, Buffer.byteLength(JSON.stringify(whole)) < maxPayloadBytes - 200 ? whole : { userId, message: { ...message, content: '' } });
  });
  bus.subscribe(newMessageTopic, (payload) => {
    const { userId, message } = payload as { userId: number; message: Message };
    fromElsewhere.add(message);
    events.emit('message', userId, message);
  });
}
