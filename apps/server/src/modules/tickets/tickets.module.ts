import type { Database } from '../../db/client';
import type { SendMessage } from '../messages/send.service';
import type { FilesService } from '../storage/files.service';
import { createAttachmentReader } from './attachments';
import { createTicketNotices } from './notices';
import { ticketsStatisticsSource } from './ticket-statistics';
import { createTicketsRepo } from './tickets.repo';
import { ticketsRoutes } from './tickets.routes';
import { createTicketsService } from './tickets.service';

export interface TicketsModuleDeps {
  db: Database;
  /** The storage module's files service: attachments are read from the user's storage through it. */
  files: Pick<FilesService, 'state' | 'download'>;
  send?: SendMessage;
  log?: (error: unknown, context: string) => void;
  now?: () => Date;
  /** The jobs module: whether a job is the user's own (the ticket's related job). */
  ownsJob?: (userId: number, clusterName: string | null, jobId: string) => Promise<boolean>;
}

/** Support tickets (issue 11; README). */
export function createTicketsModule({ db, files, send, log, now, ownsJob }: TicketsModuleDeps) {
  const repo = createTicketsRepo(db);
  const service = createTicketsService({ repo, attachments: createAttachmentReader(files), notices: createTicketNotices({ send, ...(log ? { log } : {}) }), ...(now ? { now } : {}), ...(ownsJob ? { ownsJob } : {}) });
  return { service, routes: ticketsRoutes, statisticsSource: ticketsStatisticsSource(repo) };
}

export type TicketsModule = ReturnType<typeof createTicketsModule>;
