import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Message } from '@starlight/contract/messages';
import { actorOf } from '../../plugins/auth';
import type { Sender } from './send.service';

/** A comment line this often keeps proxies from closing an idle stream. */
const heartbeatMs = 25_000;

/**
 * GET /message/stream (ours): server-sent events, one `message` event per new in-app message of the
 * caller, so an open console's bell updates without a reload. The browser reads it with fetch (the
 * token travels in the header, never in the URL). With several API instances a message sent
 * through another one arrives over the cluster bus (messages.module.ts, LISTEN/NOTIFY).
 */
export const messagesStreamRoutes: FastifyPluginAsyncZod<{ events: Sender['events'] }> = async (app, { events }) => {
  // hijacked responses are the app's to end: an open stream would keep close() waiting
  const open = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of open) end();
  });
  app.get(
    '/message/stream',
    { config: { perms: [] }, schema: { tags: ['messages'], summary: "The caller's new messages as server-sent events (ours)" } },
    async (request, reply) => {
      const { userId } = actorOf(request);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      raw.write(`: ${request.id}\n\n`);
      const listener = (to: number, message: Message) => {
        if (to === userId) raw.write(`event: message\nid: ${message.id}\ndata: ${JSON.stringify(message)}\n\n`);
      };
      events.on('message', listener);
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), heartbeatMs);
      const stop = () => {
        clearInterval(heartbeat);
        events.off('message', listener);
        open.delete(end);
      };
      const end = () => {
        stop();
        raw.end();
      };
      open.add(end);
      request.raw.on('close', stop);
    },
  );
};
