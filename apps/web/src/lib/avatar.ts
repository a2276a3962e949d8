import { avatarAddressPrefix } from '@starlight/contract/profile';
import { env } from './env';

/**
 * Spec §3: an avatar starting with the {address} prefix is ours (served under the API base);
 * anything else is used as is; none → undefined (the default picture).
 */
export function avatarUrl(avatar: string | null | undefined): string | undefined {
  if (!avatar || avatar.trim() === '') return undefined;
  return avatar.startsWith(avatarAddressPrefix) ? `${env.apiBase}${avatar.slice(avatarAddressPrefix.length)}` : avatar;
}
