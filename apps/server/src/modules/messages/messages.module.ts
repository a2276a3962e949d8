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
import { createTemplateSendsRepo } from './template-sends.repo';
import { createTemplateSends } from './template-sends.service';
import { createTemplatesRepo } from './templates.repo';
import { templatesRoutes } from './templates.routes';
import { createTemplatesService } from './templates.service';

export interface MessagesModuleDeps {
  db: Database;
  mail?: Pick<MailDriver, 'send'>;
  emailOf?: (userId: number) => Promise<string | null>;
  log?: (error: unknown, context: string) => void;
  now?: () => Date;
  /** Other console instances: a message sent here reaches the live streams opened there too. */
  bus?: Pick<ClusterBus, 'publish' | 'subscribe' | 'isLeader' | 'onLeadership'>;
  /** Recipients of a template send per transaction. */
  sendBatch?: number;
  /** How often the leader looks for sends to deliver (besides being told of a new one). */
  sendPollMs?: number;
}

const newMessageTopic = 'messages.new';
const newSendTopic = 'messages.send';

/**
 * Messages: the inbox (spec §7), per-kind channel choices, and `service.send`, the one call other
 * modules are handed to reach users (README).
 */
export function createMessagesModule({ db, mail, emailOf, log, now = () => new Date(), bus, sendBatch, sendPollMs = 5_000 }: MessagesModuleDeps) {
  const repo = createMessagesRepo(db);
  const preferences = createPreferencesService({ repo: createPreferencesRepo(db), now });
  const sender = createSender({ repo, transaction: (work) => db.transaction((tx) => work(createMessagesRepo(tx))), preferences, mail, emailOf, log });
  const inbox = createInboxService({ repo });
  const service = { ...inbox, send: sender.send, optedIn: preferences.optedIn, events: sender.events };
  if (bus) relayAcrossInstances(sender.events, bus);
  const templatesRepo = createTemplatesRepo(db);
  const templates = createTemplatesService(templatesRepo);
  const sends = createTemplateSends({ repo: createTemplateSendsRepo(db), templates: templatesRepo, sender, now, log, ...(sendBatch ? { batch: sendBatch } : {}) });
  const isLeader = () => bus?.isLeader() ?? true;
  /** A new send: delivered here when this instance leads, else the leader is told. */
  const kick = (): void => {
    if (isLeader()) void sends.run();
    else bus?.publish(newSendTopic, {});
  };
  return {
    service,
    inbox,
    preferences,
    templates,
    sends,
    routes: messagesRoutes,
    streamRoutes: messagesStreamRoutes,
    templatesRoutes,
    templatesRouteOptions: { templates, sends, kick },
    /**
     * The leader delivers template sends: what a killed or stopped process left pending at once, a new
     * one when told, and on a timer (a missed notice). Answers a stop for shutdown.
     */
    startSending(): { stop(): Promise<void> } {
      const run = () => (isLeader() ? sends.run() : Promise.resolve());
      void run();
      const timer = setInterval(() => void run(), sendPollMs);
      timer.unref();
      const unsubscribe = bus?.subscribe(newSendTopic, () => void run());
      const unlead = bus?.onLeadership((leader) => leader && void run());
      return {
        async stop() {
          clearInterval(timer);
          unsubscribe?.();
          unlead?.();
          await sends.idle();
        },
      };
    },
  };
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
