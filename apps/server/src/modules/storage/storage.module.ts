import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { FileDriver } from '../../drivers/files/interface';
import { createFilesService, type StorageSettings } from './files.service';
import { createStorageAccount, type FindUser } from './storage-account';
import { storageRoutes } from './storage.routes';
import { createUploadSessionsRepo } from './upload-sessions.repo';
import { uploadSessionsRoutes } from './upload-sessions.routes';
import { createUploadsService } from './uploads.service';
import { createFileSharesRepo } from './file-shares.repo';
import { sharesRoutes } from './shares.routes';
import { createSharesService } from './shares.service';

export interface StorageModuleDeps {
  db: Database;
  driver: FileDriver;
  /** identity's accounts service: the user's current status and bound account. */
  findUser: FindUser;
  settings: StorageSettings;
  now?: () => Date;
}

const sweepEveryMs = 10 * 60 * 1000;

/** Wires storage: the file manager's calls and chunked uploads, acting as the bound account through `driver`. */
export function createStorageModule({ db, driver, findUser, settings, now }: StorageModuleDeps) {
  const identityOf = createStorageAccount(findUser);
  const files = createFilesService({ driver, identityOf, settings });
  const uploads = createUploadsService({ repo: createUploadSessionsRepo(db), driver, identityOf, settings, ...(now ? { now } : {}) });
  const shares = createSharesService({ repo: createFileSharesRepo(db), driver, identityOf, findUser, ...(now ? { now } : {}) });

  const routes: FastifyPluginAsyncZod = async (app) => {
    // Raw bodies (uploads, chunks) reach the handler as the request stream: no body limit, nothing buffered
    // here. Registered inside this plugin only, so no other route accepts octet-stream.
    app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    await app.register(storageRoutes, { files });
    await app.register(uploadSessionsRoutes, { uploads });
    await app.register(sharesRoutes, { shares });

    const sweep = (): void => void uploads.sweepExpired().catch((err: unknown) => app.log.warn({ err }, 'upload session sweep failed'));
    const timer = setInterval(sweep, sweepEveryMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  };
  return { files, uploads, shares, routes };
}

export type StorageModule = ReturnType<typeof createStorageModule>;
