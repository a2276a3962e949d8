import { shareLinkSchema, type ShareLink, type ShareLinkInput } from '@starlight/contract/storage';
import { apiSpec } from '../../../lib/api-client';

/** A read-only, expiring link to one file, opened at /datafile/view. */
export async function createShareLink(input: ShareLinkInput): Promise<ShareLink> {
  return shareLinkSchema.parse(await apiSpec('/storage/share', { method: 'POST', body: input }));
}
