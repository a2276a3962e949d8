import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  bookSchema,
  chapterSchema,
  docImageSchema,
  documentSchema,
  type BookCreate,
  type ChapterCreate,
  type DocumentCreate,
  type DocumentPatch,
} from '@starlight/contract/docs';
import { apiSpec } from '../../../lib/api-client';
import { docsKey } from './get-docs';

function useDocsMutation<A, R>(run: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: docsKey }) });
}

export const useCreateBook = () => useDocsMutation(async (input: BookCreate) => bookSchema.parse(await apiSpec('/doc/book', { method: 'POST', body: input })));
export const useDeleteBook = () => useDocsMutation((id: number) => apiSpec(`/doc/book/${id}`, { method: 'DELETE' }));
export const useCreateChapter = () => useDocsMutation(async (input: ChapterCreate) => chapterSchema.parse(await apiSpec('/doc/chapter', { method: 'POST', body: input })));
export const useCreateDocument = () =>
  useDocsMutation(async (input: Partial<DocumentCreate> & Pick<DocumentCreate, 'book_id' | 'title'>) => documentSchema.parse(await apiSpec('/doc/document', { method: 'POST', body: input })));
export const useSaveDocument = () =>
  useDocsMutation(async ({ id, patch }: { id: number; patch: DocumentPatch }) => documentSchema.parse(await apiSpec(`/doc/document/${id}`, { method: 'PATCH', body: patch })));
export const useDeleteDocument = () => useDocsMutation((id: number) => apiSpec(`/doc/document/${id}`, { method: 'DELETE' }));

/** Reads a picked file as base64 and uploads it into the document; answers the markdown to insert. */
export const uploadDocImage = async (documentId: number, file: File) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return docImageSchema.parse(await apiSpec(`/doc/document/${documentId}/image`, { method: 'POST', body: { name: file.name, mime: file.type, data: btoa(binary) } }));
};
