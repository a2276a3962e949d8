import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { Code } from '@starlight/contract/codes';
import {
  avatarLimits,
  avatarSchema,
  bindCloudSchema,
  idParamSchema,
  profilesQuerySchema,
  selfUpdateInputSchema,
  userHandlerSchema,
  userHomeSchema,
  userProfileInputSchema,
  userProfileListSchema,
  userProfileSchema,
  userStatusSchema,
} from '@starlight/contract/profile';
import { userInfoSchema } from '@starlight/contract/users';
import { envelopeOf, ok, replies, sendEnvelope } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { AccountService } from './account.service';
import type { AvatarStore } from './avatar-store';
import { avatarRoute } from './avatar-store';
import type { KeysService } from './keys.service';

export interface ProfileRoutesOptions {
  account: AccountService;
  keys: KeysService;
  avatars: AvatarStore;
}

const tags = ['profile'];
export const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });

/** Spec §7 user info, avatar, profiles, status, home, handler, bind_cloud. */
export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = async (app, { account, keys, avatars }) => {
  app.patch(
    '/user/user/self',
    { config: { perms: [] }, schema: { tags, summary: 'Change one’s own user info (the real name; contacts have their own calls)', body: selfUpdateInputSchema, response: replies(userInfoSchema) } },
    async (request) => ok(request.id, 'user', await account.updateSelf(actorOf(request), request.body, clientOf(request))),
  );

  // The avatar arrives as the raw image bytes (the browser sends the File as the body); the type is
  // decided by the magic bytes, whatever the Content-Type says.
  await app.register(async (scope) => {
    scope.addContentTypeParser(['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: avatarLimits.maxBytes }, (_request, payload, done) =>
      done(null, payload),
    );
    scope.post(
      '/user/user/user_avatar',
      {
        config: { perms: [] },
        bodyLimit: avatarLimits.maxBytes,
        schema: { tags, summary: 'Upload one’s avatar: the raw PNG, JPEG or WebP bytes as the body, at most 2 MiB', response: replies(avatarSchema) },
      },
      async (request) => {
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return ok(request.id, 'avatar', await account.setAvatar(actorOf(request), bytes, clientOf(request)));
      },
    );
  });

  app.get(
    `${avatarRoute}/:file`,
    {
      // Public so an <img> can load it without the token header; names are random UUIDs, listed nowhere.
      config: { public: true },
      schema: { tags, summary: 'An avatar image (by its random file name)', params: z.object({ file: z.string().max(64) }) },
    },
    async (request, reply) => {
      const found = await avatars.read(request.params.file);
      if (!found) return sendEnvelope(reply, Code.notFound, 'error', null, 'avatar not found');
      return reply.header('content-type', found.contentType).header('cache-control', 'public, max-age=86400, immutable').header('x-content-type-options', 'nosniff').send(found.bytes);
    },
  );

  app.get(
    '/user/user/user_profile',
    { config: { perms: [] }, schema: { tags, summary: 'One’s own profile card', response: replies(userProfileSchema) } },
    async (request) => ok(request.id, 'user_profile', await account.profile(actorOf(request))),
  );
  app.post(
    '/user/user/user_profile',
    { config: { perms: [] }, schema: { tags, summary: 'Create one’s profile card (1409 when it exists)', body: userProfileInputSchema, response: replies(userProfileSchema) } },
    async (request) => ok(request.id, 'user_profile', await account.createProfile(actorOf(request), request.body, clientOf(request))),
  );
  app.patch(
    '/user/user/user_profile',
    { config: { perms: [] }, schema: { tags, summary: 'Change one’s profile card', body: userProfileInputSchema, response: replies(userProfileSchema) } },
    async (request) => ok(request.id, 'user_profile', await account.updateProfile(actorOf(request), request.body, clientOf(request))),
  );
  app.get(
    '/user/user/user_profile/:id',
    {
      config: { perms: [] },
      schema: { tags, summary: 'A user’s profile card: oneself, group mates, groups one administers; anyone with query_all_user', params: idParamSchema, response: replies(userProfileSchema) },
    },
    async (request) => ok(request.id, 'user_profile', await account.profileById(actorOf(request), request.params.id)),
  );
  app.get(
    '/user/profiles',
    { config: { perms: [] }, schema: { tags, summary: 'Profile cards the caller may see, paged', querystring: profilesQuerySchema, response: replies(userProfileListSchema) } },
    async (request) => ok(request.id, 'user_profile', await account.profiles(actorOf(request), request.query)),
  );

  app.get(
    '/user/status',
    { config: { perms: [] }, schema: { tags, summary: 'The status bit field and what each bit means', response: replies(userStatusSchema) } },
    async (request) => ok(request.id, 'status', await account.status(actorOf(request))),
  );
  app.get(
    '/user/home',
    { config: { perms: [] }, schema: { tags, summary: 'Landing information: where to go, binding, verification, last sign-in', response: replies(userHomeSchema) } },
    async (request) => {
      const actor = actorOf(request);
      return ok(request.id, 'home', await account.home(actor, (await keys.has(actor)).has_key));
    },
  );
  app.get(
    '/user/user_handler',
    { config: { perms: [] }, schema: { tags, summary: 'Who handles the caller: the administrators of their group', response: replies(userHandlerSchema) } },
    async (request) => ok(request.id, 'user_handler', await account.handler(actorOf(request))),
  );
  app.post(
    '/user/bind_cloud',
    { config: { perms: [] }, schema: { tags, summary: 'Mark the account cloud-bound (status bit 64); 11102 when it already is', response: replies(bindCloudSchema) } },
    async (request) => {
      const { status, changed } = await account.bindCloud(actorOf(request), clientOf(request));
      return changed ? ok(request.id, 'status', { status }) : envelopeOf(request.id, Code.noopAlready, 'status', { status }, 'already cloud-bound');
    },
  );
};
