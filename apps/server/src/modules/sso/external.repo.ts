import { and, eq, gt, lt } from 'drizzle-orm';
import type { ExternalKind } from '@starlight/contract/sso';
import type { Database } from '../../db/client';
import { ssoExternalIdentities, ssoExternalProviders, ssoExternalStates } from '../../db/schema/sso';

export type ExternalProviderRow = typeof ssoExternalProviders.$inferSelect;
export type ExternalStateRow = typeof ssoExternalStates.$inferSelect;

export function createExternalRepo(db: Database) {
  return {
    async providers(): Promise<ExternalProviderRow[]> {
      return db.select().from(ssoExternalProviders).orderBy(ssoExternalProviders.kind);
    },

    async provider(kind: ExternalKind): Promise<ExternalProviderRow | undefined> {
      const [row] = await db.select().from(ssoExternalProviders).where(eq(ssoExternalProviders.kind, kind));
      return row;
    },

    async saveProvider(values: typeof ssoExternalProviders.$inferInsert): Promise<ExternalProviderRow> {
      const [row] = await db
        .insert(ssoExternalProviders)
        .values(values)
        .onConflictDoUpdate({ target: ssoExternalProviders.kind, set: { ...values } })
        .returning();
      if (!row) throw new Error('upsert returned no row');
      return row;
    },

    async removeProvider(kind: ExternalKind): Promise<boolean> {
      const rows = await db.delete(ssoExternalProviders).where(eq(ssoExternalProviders.kind, kind)).returning({ kind: ssoExternalProviders.kind });
      return rows.length > 0;
    },

    /** Stores a new state and drops the expired ones (abandoned sign-ins). */
    async insertState(values: ExternalStateRow, now: Date): Promise<void> {
      await db.delete(ssoExternalStates).where(lt(ssoExternalStates.expiresAt, now));
      await db.insert(ssoExternalStates).values(values);
    },

    /** A state is used once: taken (deleted) when it is live and of this kind. */
    async takeState(kind: ExternalKind, state: string, now: Date): Promise<ExternalStateRow | undefined> {
      const [row] = await db
        .delete(ssoExternalStates)
        .where(and(eq(ssoExternalStates.state, state), eq(ssoExternalStates.kind, kind), gt(ssoExternalStates.expiresAt, now)))
        .returning();
      return row;
    },

    async linkedUser(kind: ExternalKind, subject: string): Promise<number | undefined> {
      const [row] = await db
        .select({ userId: ssoExternalIdentities.userId })
        .from(ssoExternalIdentities)
        .where(and(eq(ssoExternalIdentities.kind, kind), eq(ssoExternalIdentities.subject, subject)));
      return row?.userId;
    },

    /** False when the user is already linked to another subject of this kind. */
    async link(kind: ExternalKind, subject: string, userId: number, at: Date): Promise<boolean> {
      const rows = await db
        .insert(ssoExternalIdentities)
        .values({ kind, subject, userId, createdAt: at, lastLoginAt: at })
        .onConflictDoNothing()
        .returning({ userId: ssoExternalIdentities.userId });
      return rows.length > 0;
    },

    async touch(kind: ExternalKind, subject: string, at: Date): Promise<void> {
      await db
        .update(ssoExternalIdentities)
        .set({ lastLoginAt: at })
        .where(and(eq(ssoExternalIdentities.kind, kind), eq(ssoExternalIdentities.subject, subject)));
    },
  };
}

export type ExternalRepo = ReturnType<typeof createExternalRepo>;
