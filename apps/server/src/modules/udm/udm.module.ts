import type { Database } from '../../db/client';
import type { FileDriver } from '../../drivers/files/interface';
import type { LocalUsers } from '../../drivers/local-users/unix-users';
import { createTransferRunner } from './transfer-runner';
import { createUdmRepo } from './udm.repo';
import { udmRoutes } from './udm.routes';
import { createUdmService } from './udm.service';

export interface UdmModuleDeps {
  db: Database;
  files: FileDriver;
  accountOf: (userId: number) => Promise<string | null>;
  groupMateIds: (userId: number) => Promise<number[]>;
  localUsers?: LocalUsers | undefined;
  log: (error: unknown, context: string) => void;
  now?: (() => Date) | undefined;
}

export function createUdmModule(deps: UdmModuleDeps) {
  const repo = createUdmRepo(deps.db);
  const runner = createTransferRunner({ repo, files: deps.files, accountOf: deps.accountOf, localUsers: deps.localUsers, log: deps.log });
  const service = createUdmService({ repo, files: deps.files, runner, accountOf: deps.accountOf, groupMateIds: deps.groupMateIds, ...(deps.now ? { now: deps.now } : {}) });
  return { service, runner, routes: udmRoutes };
}
