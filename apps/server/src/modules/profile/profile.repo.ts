import { and, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { groupAdmins, groups, sessions, users } from '../../db/schema/identity';
import { accessRecords, loginKnownIps, loginSecurity, sshKeys, userProfiles } from '../../db/schema/profile';

export type UserRow = typeof users.$inferSelect;
export type SshKeyRow = typeof sshKeys.$inferSelect;
export type AccessRecordRow = typeof accessRecords.$inferSelect;
export type LoginSecurityRow = typeof loginSecurity.$inferSelect;

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};
/** Runs an insert/update; false when a unique constraint refused it. */
async function unlessTaken(work: () => Promise<unknown>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** The user's own account data: their users row (own columns only), profile card, keys, sign-in rules, access records. */
export function createProfileRepo(db: Database) {
  return {
    async findUser(id: number) {
      const [row] = await db.select({ user: users, groupName: groups.name }).from(users).leftJoin(groups, eq(groups.id, users.groupId)).where(eq(users.id, id));
      return row;
    },

    async findUserByName(userName: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.userName, userName));
      return row;
    },

    async updateUser(id: number, values: Partial<Pick<UserRow, 'realName' | 'avatar'>>, at: Date): Promise<void> {
      await db.update(users).set({ ...values, updatedAt: at }).where(eq(users.id, id));
    },

    /** False when another user holds the address (unique constraint). */
    setContact: (id: number, values: { email: string } | { telephone: string }, at: Date): Promise<boolean> =>
      unlessTaken(() => db.update(users).set({ ...values, updatedAt: at }).where(eq(users.id, id))),

    async contactTaken(column: 'email' | 'telephone', value: string, exceptUserId: number): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users[column], value), ne(users.id, exceptUserId)));
      return Boolean(row);
    },

    /** Sets status bits; answers the new status. */
    async setStatusBits(id: number, bits: number, at: Date): Promise<number> {
      const [row] = await db.update(users).set({ status: sql`${users.status} | ${bits}`, updatedAt: at }).where(eq(users.id, id)).returning({ status: users.status });
      return row?.status ?? 0;
    },

    async profileOf(userId: number) {
      const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
      return row;
    },

    /** False when the profile already exists. */
    insertProfile: (userId: number, values: { organization?: string; title?: string; bio?: string }, at: Date): Promise<boolean> =>
      unlessTaken(() => db.insert(userProfiles).values({ userId, ...values, createdAt: at, updatedAt: at })),

    async upsertProfile(userId: number, values: { organization?: string; title?: string; bio?: string }, at: Date): Promise<void> {
      await db
        .insert(userProfiles)
        .values({ userId, ...values, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({ target: userProfiles.userId, set: { ...values, updatedAt: at } });
    },

    /** Profile cards of users (optionally only `ids`), with their user fields, paged. */
    async listProfiles(filter: { ids: number[] | null; nameLike?: string | undefined }, limit: number, offset: number) {
      const conditions: SQL[] = [];
      if (filter.ids) conditions.push(filter.ids.length > 0 ? inArray(users.id, filter.ids) : sql`false`);
      if (filter.nameLike) conditions.push(ilike(users.userName, `%${filter.nameLike.replace(/[\\%_]/g, '\\$&')}%`));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [list, [total]] = await Promise.all([
        db
          .select({ user: users, groupName: groups.name, profile: userProfiles })
          .from(users)
          .leftJoin(groups, eq(groups.id, users.groupId))
          .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
          .where(where)
          .orderBy(users.userName)
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { list, total: total?.n ?? 0 };
    },

    /** The users of this user's own group and of the groups they administer (themselves included). */
    async visibleUserIds(id: number): Promise<number[]> {
      const [me] = await db.select({ groupId: users.groupId }).from(users).where(eq(users.id, id));
      const administered = await db.select({ groupId: groupAdmins.groupId }).from(groupAdmins).where(eq(groupAdmins.userId, id));
      const groupIds = [...new Set([me?.groupId, ...administered.map((row) => row.groupId)].filter((g): g is number => typeof g === 'number'))];
      if (groupIds.length === 0) return [id];
      const rows = await db.select({ id: users.id }).from(users).where(or(inArray(users.groupId, groupIds), eq(users.id, id)));
      return rows.map((row) => row.id);
    },

    async groupAdminsOf(groupId: number) {
      return db
        .select({ id: users.id, userName: users.userName, realName: users.realName, email: users.email })
        .from(groupAdmins)
        .innerJoin(users, eq(users.id, groupAdmins.userId))
        .where(and(eq(groupAdmins.groupId, groupId), eq(users.disabled, false)))
        .orderBy(users.userName);
    },

    /** The session before the current one (the "last sign-in" a landing page shows). */
    async previousSession(userId: number, currentSessionId: number) {
      const [row] = await db
        .select({ createdAt: sessions.createdAt, ip: sessions.ip })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
        .orderBy(desc(sessions.createdAt))
        .limit(1);
      return row;
    },

    // SSH keys
    async listKeys(userId: number): Promise<SshKeyRow[]> {
      return db.select().from(sshKeys).where(eq(sshKeys.userId, userId)).orderBy(sshKeys.createdAt, sshKeys.id);
    },
    /** Undefined when the fingerprint is already registered (by anyone). */
    async insertKey(values: typeof sshKeys.$inferInsert): Promise<SshKeyRow | undefined> {
      const [row] = await db.insert(sshKeys).values(values).onConflictDoNothing().returning();
      return row;
    },
    async deleteKey(userId: number, id: number): Promise<SshKeyRow | undefined> {
      const [row] = await db.delete(sshKeys).where(and(eq(sshKeys.userId, userId), eq(sshKeys.id, id))).returning();
      return row;
    },

    // login security
    async securityOf(userId: number): Promise<LoginSecurityRow | undefined> {
      const [row] = await db.select().from(loginSecurity).where(eq(loginSecurity.userId, userId));
      return row;
    },
    async upsertSecurity(userId: number, values: Partial<Pick<LoginSecurityRow, 'alwaysCaptcha' | 'notifyNewIp' | 'restrictNetworks'>>, at: Date): Promise<void> {
      await db
        .insert(loginSecurity)
        .values({ userId, ...values, updatedAt: at })
        .onConflictDoUpdate({ target: loginSecurity.userId, set: { ...values, updatedAt: at } });
    },
    /** Records the address; true when it had never been seen for this user. */
    async rememberIp(userId: number, ip: string, at: Date): Promise<{ isNew: boolean; knownBefore: number }> {
      const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(loginKnownIps).where(eq(loginKnownIps.userId, userId));
      const inserted = await db.insert(loginKnownIps).values({ userId, ip, firstSeenAt: at, lastSeenAt: at }).onConflictDoNothing().returning({ ip: loginKnownIps.ip });
      if (inserted.length === 0) await db.update(loginKnownIps).set({ lastSeenAt: at }).where(and(eq(loginKnownIps.userId, userId), eq(loginKnownIps.ip, ip)));
      return { isNew: inserted.length > 0, knownBefore: n };
    },

    // access records
    async listAccess(userId: number, nameLike: string | undefined, limit: number, offset: number) {
      const where = and(eq(accessRecords.userId, userId), nameLike ? ilike(accessRecords.name, `%${nameLike.replace(/[\\%_]/g, '\\$&')}%`) : undefined);
      const [list, [total]] = await Promise.all([
        db.select().from(accessRecords).where(where).orderBy(desc(accessRecords.createdAt), desc(accessRecords.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(accessRecords).where(where),
      ]);
      return { list, total: total?.n ?? 0 };
    },
    async allNetworks(userId: number): Promise<AccessRecordRow[]> {
      return db.select().from(accessRecords).where(eq(accessRecords.userId, userId));
    },
    async findAccess(id: number): Promise<AccessRecordRow | undefined> {
      const [row] = await db.select().from(accessRecords).where(eq(accessRecords.id, id));
      return row;
    },
    /** Undefined when the user already has a record for that network. */
    async insertAccess(values: typeof accessRecords.$inferInsert): Promise<AccessRecordRow | undefined> {
      const [row] = await db.insert(accessRecords).values(values).onConflictDoNothing().returning();
      return row;
    },
    /** Undefined when another record of the user already has the network. */
    async updateAccess(id: number, values: Partial<Pick<AccessRecordRow, 'name' | 'network' | 'note'>>, at: Date): Promise<AccessRecordRow | undefined | 'taken'> {
      try {
        const [row] = await db.update(accessRecords).set({ ...values, updatedAt: at }).where(eq(accessRecords.id, id)).returning();
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },
    async deleteAccess(id: number): Promise<void> {
      await db.delete(accessRecords).where(eq(accessRecords.id, id));
    },
    async touchAccess(ids: number[], at: Date): Promise<void> {
      if (ids.length > 0) await db.update(accessRecords).set({ lastUsedAt: at }).where(inArray(accessRecords.id, ids));
    },
  };
}

export type ProfileRepo = ReturnType<typeof createProfileRepo>;
