import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listSchema } from '@starlight/contract/envelope';
import { bookSchema, bookTreeSchema, docSearchHitSchema, documentSchema, documentVersionSchema, sitePageSchema, type SitePageSlug } from '@starlight/contract/docs';
import { apiSpec } from '../../../lib/api-client';

export const docsKey = ['docs'] as const;

export const useBooks = () =>
  useQuery(queryOptions({ queryKey: [...docsKey, 'books'], queryFn: async ({ signal }) => listSchema(bookSchema).parse(await apiSpec('/doc/book', { signal })) }));

export const useBookTree = (id: number | undefined) =>
  useQuery({
    queryKey: [...docsKey, 'tree', id],
    queryFn: async ({ signal }) => bookTreeSchema.parse(await apiSpec(`/doc/book/${id}/tree`, { signal })),
    enabled: id !== undefined,
  });

export const useDocument = (id: number | undefined) =>
  useQuery({
    queryKey: [...docsKey, 'document', id],
    queryFn: async ({ signal }) => documentSchema.parse(await apiSpec(`/doc/document/${id}`, { signal })),
    enabled: id !== undefined && id > 0,
  });

export const useDocumentVersions = (id: number | undefined, enabled: boolean) =>
  useQuery({
    queryKey: [...docsKey, 'versions', id],
    queryFn: async ({ signal }) => listSchema(documentVersionSchema).parse(await apiSpec(`/doc/document/${id}/versions`, { signal })),
    enabled: enabled && id !== undefined,
  });

export const useDocSearch = (q: string, page: number) =>
  useQuery({
    queryKey: [...docsKey, 'search', q, page],
    queryFn: async ({ signal }) => listSchema(docSearchHitSchema).parse(await apiSpec('/doc/search', { query: { q, page, page_size: 10 }, signal })),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });

/** A public content page (no token: shown before any login). */
export const useSitePage = (slug: SitePageSlug) =>
  useQuery({
    queryKey: [...docsKey, 'page', slug],
    queryFn: async ({ signal }) => sitePageSchema.parse(await apiSpec(`/doc/page/${slug}`, { signal, auth: false, silent: true })),
    retry: false,
  });
