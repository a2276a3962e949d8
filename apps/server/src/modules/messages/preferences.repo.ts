import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { messagePreferences } from '../../db/schema/messages';

export type PreferenceRow = typeof messagePreferences.$inferSelect;

export function createPreferencesRepo(db: Database) {
  return {
    ofUser: (userId: number): Promise<PreferenceRow[]> => db.select().from(messagePreferences).where(eq(messagePreferences.userId, userId)),

    ofUsers(userIds: readonly number[], kind: string): Promise<PreferenceRow[]> {
      if (userIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(messagePreferences)
        .where(and(eq(messagePreferences.kind, kind), inArray(messagePreferences.userId, [...userIds])));
    },

    /** Users who turned some channel on for one of these kinds (opt-in kinds: a small set). */
    optedIn(kinds: readonly string[]): Promise<PreferenceRow[]> {
      return db
        .select()
        .from(messagePreferences)
        .where(and(inArray(messagePreferences.kind, [...kinds]), or(eq(messagePreferences.inApp, true), eq(messagePreferences.email, true))));
    },

    async upsert(rows: Array<typeof messagePreferences.$inferInsert>): Promise<void> {
      for (const row of rows)
        await db
          .insert(messagePreferences)
          .values(row)
          .onConflictDoUpdate({
            target: [messagePreferences.userId, messagePreferences.kind],
            set: { inApp: row.inApp, email: row.email, updatedAt: row.updatedAt },
          });
    },
  };
}

export type PreferencesRepo = ReturnType<typeof createPreferencesRepo>;
