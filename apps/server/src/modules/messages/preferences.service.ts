import { defaultChannels, messageKinds, type ChannelChoice, type MessageKind, type MessagePreference, type MessagePreferencesInput } from '@starlight/contract/messages';
import type { Actor } from '../../lib/actor';
import type { PreferencesRepo } from './preferences.repo';

/** Which channels each user wants per kind (no choice stored: the contract's defaults). */
export function createPreferencesService({ repo, now }: { repo: PreferencesRepo; now: () => Date }) {
  async function mine(userId: number): Promise<MessagePreference[]> {
    const stored = new Map((await repo.ofUser(userId)).map((row) => [row.kind, row]));
    return messageKinds.map((kind) => {
      const row = stored.get(kind);
      return { kind, ...(row ? { in_app: row.inApp, email: row.email } : defaultChannels[kind]) };
    });
  }

  return {
    list: async (actor: Actor) => ({ list: await mine(actor.userId) }),

    /** Only kinds whose choice changed are written, so `updatedAt` says when a channel was really turned on. */
    async set(actor: Actor, input: MessagePreferencesInput) {
      const current = new Map((await mine(actor.userId)).map((p) => [p.kind, p]));
      const changed = input.list.filter((p) => current.get(p.kind)?.in_app !== p.in_app || current.get(p.kind)?.email !== p.email);
      await repo.upsert(changed.map((p) => ({ userId: actor.userId, kind: p.kind, inApp: p.in_app, email: p.email, updatedAt: now() })));
      return { list: await mine(actor.userId) };
    },

    async channelsFor(userIds: readonly number[], kind: MessageKind): Promise<Map<number, ChannelChoice>> {
      const stored = new Map((await repo.ofUsers(userIds, kind)).map((row) => [row.userId, { in_app: row.inApp, email: row.email }]));
      return new Map(userIds.map((id) => [id, stored.get(id) ?? defaultChannels[kind]]));
    },

    /**
     * Users who turned an opt-in kind on, and since when: a sender (the jobs sync) asks this first so
     * it maps only their jobs, and only what happened after they opted in.
     */
    async optedIn(kinds: readonly MessageKind[]): Promise<Array<{ userId: number; kind: MessageKind; since: Date }>> {
      return (await repo.optedIn(kinds)).map((row) => ({ userId: row.userId, kind: row.kind as MessageKind, since: row.updatedAt }));
    },
  };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
