import { and, eq, isNull, like } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/identity';
import { avatars } from '../../db/schema/profile';

/** Avatar images by their random name (the avatars table: every instance serves every avatar). */
export function createAvatarsRepo(db: Database) {
  return {
    async insert(row: { name: string; userId: number; contentType: string; bytes: Buffer }): Promise<void> {
      await db.insert(avatars).values(row).onConflictDoNothing();
    },
    async get(name: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
      const [row] = await db.select({ contentType: avatars.contentType, bytes: avatars.bytes }).from(avatars).where(eq(avatars.name, name));
      return row;
    },
    async remove(name: string): Promise<void> {
      await db.delete(avatars).where(eq(avatars.name, name));
    },
    /** Users whose avatar is one of ours (`prefix` + name) with no row yet: files written to the data folder before avatars moved to the database. */
    async withoutRow(prefix: string): Promise<{ userId: number; avatar: string }[]> {
      const rows = await db
        .select({ userId: users.id, avatar: users.avatar })
        .from(users)
        .leftJoin(avatars, eq(avatars.userId, users.id))
        .where(and(like(users.avatar, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`), isNull(avatars.name)));
      return rows.flatMap((r) => (r.avatar ? [{ userId: r.userId, avatar: r.avatar }] : []));
    },
  };
}

export type AvatarsRepo = ReturnType<typeof createAvatarsRepo>;
