import type { Database } from '../../db/client';
import { groupAdmins, groups } from '../../db/schema/identity';
import { internalError } from '../../lib/app-error';

export function createGroupsRepo(db: Database) {
  return {
    /** The group's id, creating the group when it does not exist yet. */
    async ensure(name: string, description: string): Promise<number> {
      const [row] = await db
        .insert(groups)
        .values({ name, description })
        .onConflictDoUpdate({ target: groups.name, set: { name } })
        .returning({ id: groups.id });
      if (!row) throw internalError(`group ${name} was not written`);
      return row.id;
    },

    async addAdmin(groupId: number, userId: number): Promise<void> {
      await db.insert(groupAdmins).values({ groupId, userId }).onConflictDoNothing();
    },
  };
}

export type GroupsRepo = ReturnType<typeof createGroupsRepo>;
