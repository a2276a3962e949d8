import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { Code } from '@starlight/contract/codes';
import { listSchema } from '@starlight/contract/envelope';
import {
  partitionWebSshDeleteQuerySchema,
  partitionWebSshInputSchema,
  partitionWebSshQuerySchema,
  partitionWebSshSchema,
  webSshOpenQuerySchema,
} from '@starlight/contract/cluster-access';
import type { PermissionKey } from '@starlight/contract/permissions';
import { ok, replies } from '../../lib/envelope';
import { AppError, forbidden } from '../../lib/app-error';
import { actorOf } from '../../plugins/auth';
import type { AuditRecorder } from '../audit/audit.service';
import type { ShellSession, ShellSettings, ShellSize } from '../../drivers/shell/ssh-shell';
import { runShellSession } from './webssh-session';
import type { ShellTarget, WebSshService } from './webssh.service';

const tags = ['webssh'];
const clusterAdmin: PermissionKey[] = ['kcluster_clusters_admin'];

/**
 * Cross-site websocket hijacking: a page of another site must not drive a shell with the user's token.
 * Unlike the binding socket, a missing Origin is refused too: only the console's own page opens shells.
 */
export function checkConsoleOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (!origin) throw new AppError(Code.forbidden, 'the web shell opens only from the console page');
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw forbidden();
  }
  if (host !== request.host) throw new AppError(Code.forbidden, 'the web shell opens only from the console page');
}

/** The caller's address (an unknown one matches no network policy: it fails closed). */
const clientIp = (request: FastifyRequest): string => (request.ip as string | undefined) ?? '';

export interface WebSshRoutesOptions {
  webssh: WebSshService;
  audit: AuditRecorder;
  openShell: (settings: ShellSettings, account: string, size: ShellSize) => Promise<ShellSession>;
  /** Milliseconds per configured second (1000; tests shorten the timeouts). */
  unitMs: number;
}

/** Spec §7 GET, PATCH, DELETE /kcluster/partition_webssh, and the shell socket (our path). */
export const webSshRoutes: FastifyPluginAsyncZod<WebSshRoutesOptions> = async (app, { webssh, audit, openShell, unitMs }) => {
  const targets = new WeakMap<FastifyRequest, ShellTarget>();
  const auditOf = (request: FastifyRequest) => {
    const actor = actorOf(request);
    return { userId: actor.userId, userName: actor.userName, ip: clientIp(request), userAgent: request.headers['user-agent'] ?? '' };
  };

  app.get(
    '/kcluster/partition_webssh',
    { config: { perms: ['binded_account', 'kcluster_clusters_admin'] }, schema: { tags, summary: 'Web shell settings (users: the shells they may open)', querystring: partitionWebSshQuerySchema, response: replies(listSchema(partitionWebSshSchema)) } },
    async (request) => {
      const q = request.query;
      return ok(request.id, 'partition_webssh', await webssh.list(actorOf(request), { clusterName: q.field_eq_cluster_name, partition: q.field_eq_partition }, q.page, q.page_size));
    },
  );
  app.patch(
    '/kcluster/partition_webssh',
    { config: { perms: clusterAdmin }, schema: { tags, summary: "Set a partition's web shell", body: partitionWebSshInputSchema, response: replies(partitionWebSshSchema) } },
    async (request) => ok(request.id, 'partition_webssh', await webssh.set(request.body)),
  );
  app.delete(
    '/kcluster/partition_webssh',
    { config: { perms: clusterAdmin }, schema: { tags, summary: "Remove a partition's web shell", querystring: partitionWebSshDeleteQuerySchema, response: replies(z.null()) } },
    async (request) => ok(request.id, 'partition_webssh', await webssh.remove(request.query.partition_id).then(() => null)),
  );

  app.get(
    '/kcluster/partition_webssh/shell',
    {
      websocket: true,
      config: { perms: ['binded_account'] },
      schema: { hide: true, querystring: webSshOpenQuerySchema },
      preValidation: async (request) => checkConsoleOrigin(request),
      preHandler: async (request) => {
        const q = request.query as z.infer<typeof webSshOpenQuerySchema>;
        try {
          targets.set(request, await webssh.target(actorOf(request), q.cluster, q.partition, clientIp(request)));
        } catch (error) {
          const info = error instanceof AppError ? error.message : 'failed';
          await audit.record({ action: 'webssh_open', result: 'failed', ...auditOf(request), detail: `${q.cluster}/${q.partition}: ${info}` });
          throw error;
        }
      },
    },
    (socket, request) => {
      const target = targets.get(request)!;
      const q = request.query as z.infer<typeof webSshOpenQuerySchema>;
      const where = `${target.cluster}/${target.partition} as ${target.account} on ${target.settings.host}:${target.settings.port}`;
      void runShellSession({
        socket,
        open: (size) => openShell(target.settings, target.account, size),
        size: { cols: q.cols, rows: q.rows },
        account: target.account,
        host: target.settings.host,
        idleMs: target.idleSeconds * unitMs,
        maxMs: target.maxSeconds * unitMs,
        idleSeconds: target.idleSeconds,
        maxSeconds: target.maxSeconds,
        onOpen: () => void audit.record({ action: 'webssh_open', result: 'ok', ...auditOf(request), detail: where }),
        onClose: (reason, message, ms) => {
          request.log.info({ reason, ms }, 'web shell closed');
          void audit.record({
            action: 'webssh_close',
            result: reason === 'error' ? 'failed' : 'ok',
            ...auditOf(request),
            detail: `${where}: ${reason} after ${Math.round(ms / 1000)} s${reason === 'error' ? ` (${message})` : ''}`,
          });
        },
      });
    },
  );
};
