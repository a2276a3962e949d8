import fp from 'fastify-plugin';
import { Code } from '@starlight/contract/codes';
import { hasAnyPermission, type PermissionKey } from '@starlight/contract/permissions';
import { AppError, forbidden } from '../lib/app-error';
import { tokenMissingInfo, tokenRejectedInfo } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anyone may call the route, logged in or not. */
    public?: boolean;
    /** Logged-in callers holding any of these keys; [] means any logged-in user. */
    perms?: readonly PermissionKey[];
  }
  interface FastifyInstance {
    /** Every route as it was declared, collected when it was added. */
    routeAccessTable: readonly RouteAccessEntry[];
  }
}

export interface RouteAccessEntry {
  method: string;
  url: string;
  public: boolean;
  perms: readonly PermissionKey[] | null;
}

export class RouteDeclarationError extends Error {
  override name = 'RouteDeclarationError';
}

/**
 * Every route states who may call it. A route stating neither `public` nor `perms` stops the app
 * from being built, so a forgotten declaration cannot ship. Checked in onRequest, before the body
 * is parsed: an anonymous caller learns nothing about a protected route's input.
 */
export const permissionsPlugin = fp(
  async (app) => {
    const table: RouteAccessEntry[] = [];
    app.decorate('routeAccessTable', table);

    app.addHook('onRoute', (route) => {
      const isPublic = route.config?.public === true;
      const perms = route.config?.perms;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (isPublic === (perms !== undefined))
        throw new RouteDeclarationError(
          `${methods.join(',')} ${route.url} must declare exactly one of config.public or config.perms`,
        );
      for (const method of methods) table.push({ method, url: route.url, public: isPublic, perms: perms ?? null });
    });

    app.addHook('onRequest', async (request) => {
      const { perms } = request.routeOptions.config;
      if (perms === undefined) return; // public route, or no route (the not-found handler answers)
      if (!request.actor) throw new AppError(Code.tokenInvalid, request.tokenRejected ? tokenRejectedInfo : tokenMissingInfo);
      if (!hasAnyPermission(perms, request.actor.permissions)) throw forbidden();
    });
  },
  { name: 'starlight-permissions', dependencies: ['starlight-auth'] },
);
