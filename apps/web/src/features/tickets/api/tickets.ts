import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { listSchema } from '@starlight/contract/envelope';
import {
  ticketAssigneeSchema,
  ticketDetailSchema,
  ticketSchema,
  type ReplyInput,
  type TicketCategory,
  type TicketInput,
  type TicketPatch,
  type TicketState,
} from '@starlight/contract/tickets';
import { apiBlob, apiSpec } from '../../../lib/api-client';

const ticketList = listSchema(ticketSchema);
/** Every ticket query sits under this key: a reply or state change refreshes the list and the detail at once. */
const key = ['tickets'] as const;

export interface TicketsQuery {
  page: number;
  pageSize: number;
  state?: TicketState | undefined;
  category?: TicketCategory | undefined;
  assigneeId?: number | undefined;
  title?: string | undefined;
  minAgeDays?: number | undefined;
}

export const useTickets = (query: TicketsQuery) =>
  useQuery({
    queryKey: [...key, 'list', query],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      ticketList.parse(
        await apiSpec('/ticket/tickets', {
          query: {
            page: query.page,
            page_size: query.pageSize,
            field_eq_state: query.state,
            field_eq_category: query.category,
            field_eq_assignee_id: query.assigneeId,
            field_lk_title: query.title || undefined,
            min_age_days: query.minAgeDays,
          },
          signal,
        }),
      ),
  });

export const useTicket = (id: number) =>
  useQuery({
    queryKey: [...key, 'one', id],
    enabled: Number.isInteger(id) && id > 0,
    queryFn: async ({ signal }) => ticketDetailSchema.parse(await apiSpec(`/ticket/tickets/${id}`, { signal })),
  });

export const useAssignees = (enabled: boolean) =>
  useQuery({ queryKey: [...key, 'assignees'], enabled, queryFn: async ({ signal }) => z.array(ticketAssigneeSchema).parse(await apiSpec('/ticket/assignees', { signal })) });

function useTicketsMutation<T, R = unknown>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: key }) });
}

export const useCreateTicket = () =>
  useTicketsMutation(async (input: TicketInput) => ticketDetailSchema.parse(await apiSpec('/ticket/tickets', { method: 'POST', body: input })));
export const useReply = (id: number) => useTicketsMutation((input: ReplyInput) => apiSpec(`/ticket/tickets/${id}/reply`, { method: 'POST', body: input }));
export const useUpdateTicket = (id: number) => useTicketsMutation((patch: TicketPatch) => apiSpec(`/ticket/tickets/${id}`, { method: 'PATCH', body: patch }));
export const useCloseTicket = (id: number) => useTicketsMutation(() => apiSpec(`/ticket/tickets/${id}/close`, { method: 'POST' }));
export const useReopenTicket = (id: number) => useTicketsMutation(() => apiSpec(`/ticket/tickets/${id}/reopen`, { method: 'POST' }));

/** The folder (in the user's storage) where files picked from the computer are put before being attached. */
export const attachmentFolder = 'ticket-attachments';

/** A file from the computer into the user's storage (the file manager's calls), answering the path to attach. */
export async function uploadForTicket(file: File): Promise<string> {
  await apiSpec('/storage/mkdir', { method: 'POST', body: { path: attachmentFolder, parents: true }, silent: true }).catch(() => undefined);
  const path = `${attachmentFolder}/${Date.now()}-${file.name.replace(/[/\\]/g, '_')}`;
  await apiSpec('/storage/upload', { method: 'PUT', query: { path }, body: file.slice(0, file.size, 'application/octet-stream'), timeoutMs: null, timeoutHeader: 3600 });
  return path;
}

/** Saves an attachment through the browser (the server always answers it as a download). */
export async function downloadAttachment(ticketId: number, attachmentId: number, name: string): Promise<void> {
  const { blob } = await apiBlob(`/ticket/tickets/${ticketId}/attachments/${attachmentId}`);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
