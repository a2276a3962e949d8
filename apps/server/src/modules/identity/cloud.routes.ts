import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '@starlight/contract/codes';
import { cloudTokenSchema } from '@starlight/contract/profile';
import { envelopeOf, ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { CloudService } from './cloud.service';

export interface CloudRoutesOptions {
  cloud: CloudService;
  /** CLOUD_COOKIE_DOMAIN; null: no cloud side, both calls answer 11102 (nothing to do). */
  cookieDomain: string | null;
}

export const cloudCookieName = 'starlight-cloud-token';
const notConfigured = 'no cloud side is configured';

function cookie(request: FastifyRequest, domain: string, value: string, expires: Date): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${cloudCookieName}=${encodeURIComponent(value)}; Domain=${domain}; Path=/; Expires=${expires.toUTCString()}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * Spec §7 cloud session calls. The cloud token is a separate session of the same user (revocable on
 * its own, ending with the session it came from), handed over as an HttpOnly cookie on the cloud's domain.
 */
export const cloudRoutes: FastifyPluginAsyncZod<CloudRoutesOptions> = async (app, { cloud, cookieDomain }) => {
  const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
  const noop = (request: FastifyRequest, reply: FastifyReply) => reply.send(envelopeOf(request.id, Code.noopAlready, 'cloud', null, notConfigured));

  app.post(
    '/keystone/cloud/token',
    {
      config: { perms: [] },
      schema: { tags: ['identity'], summary: 'A token for the cloud side, also set as a cookie on its domain (11102 when none is configured)', response: replies(cloudTokenSchema.nullable()) },
    },
    async (request, reply) => {
      if (!cookieDomain) return noop(request, reply);
      const issued = await cloud.issue(actorOf(request), client(request));
      void reply.header('set-cookie', cookie(request, cookieDomain, issued.token, issued.expiresAt));
      return ok(request.id, 'cloud_token', {
        token: issued.token,
        expires_at: issued.expiresAt.toISOString(),
        cookie_name: cloudCookieName,
        cookie_domain: cookieDomain,
      });
    },
  );

  app.delete(
    '/keystone/cloud/cookie',
    {
      config: { perms: [] },
      schema: { tags: ['identity'], summary: "Ends the caller's cloud sessions and clears the cloud cookie", response: replies(z.object({ revoked: z.number().int() }).nullable()) },
    },
    async (request, reply) => {
      if (!cookieDomain) return noop(request, reply);
      const revoked = await cloud.end(actorOf(request));
      void reply.header('set-cookie', cookie(request, cookieDomain, '', new Date(0)));
      return ok(request.id, 'cloud_cookie', { revoked });
    },
  );
};
