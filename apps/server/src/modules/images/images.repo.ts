import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { isReservedNamespace } from '@starlight/contract/validators';
import type { Database } from '../../db/client';
import { groupAdmins, groups, users } from '../../db/schema/identity';
import { labels } from '../../db/schema/labels';
import { imageCliSecrets, imageLabelRelations, imageNamespaceQuotas, imageRegistries, imageRepositories } from '../../db/schema/images';

export type RegistryRow = typeof imageRegistries.$inferSelect;
export type RegistryInsert = typeof imageRegistries.$inferInsert;
export type QuotaRow = typeof imageNamespaceQuotas.$inferSelect;
export type SecretRow = typeof imageCliSecrets.$inferSelect;

export function createImagesRepo(db: Database) {
  return {
    registries: () => db.select().from(imageRegistries).orderBy(asc(imageRegistries.id)),
    registry: async (id: number) => (await db.select().from(imageRegistries).where(eq(imageRegistries.id, id)))[0] ?? null,
    registryByName: async (name: string) => (await db.select().from(imageRegistries).where(eq(imageRegistries.name, name)))[0] ?? null,
    insertRegistry: async (row: RegistryInsert) => (await db.insert(imageRegistries).values(row).onConflictDoNothing().returning())[0] ?? null,
    updateRegistry: async (id: number, patch: Partial<RegistryInsert>) =>
      (await db.update(imageRegistries).set(patch).where(eq(imageRegistries.id, id)).returning())[0] ?? null,
    deleteRegistry: async (id: number) => (await db.delete(imageRegistries).where(eq(imageRegistries.id, id)).returning()).length > 0,

    /** Rows (public flag, README) of these repositories; absent ones are private without README. */
    repositoryRows: (registryId: number, names: readonly string[]) =>
      names.length === 0
        ? Promise.resolve([])
        : db.select().from(imageRepositories).where(and(eq(imageRepositories.registryId, registryId), inArray(imageRepositories.name, [...names]))),
    publicRepositories: (registryId?: number) =>
      db
        .select()
        .from(imageRepositories)
        .where(and(eq(imageRepositories.public, true), registryId ? eq(imageRepositories.registryId, registryId) : undefined))
        .orderBy(asc(imageRepositories.registryId), asc(imageRepositories.name)),
    publicNames: async (registryId: number) =>
      new Set(
        (
          await db
            .select({ name: imageRepositories.name })
            .from(imageRepositories)
            .where(and(eq(imageRepositories.registryId, registryId), eq(imageRepositories.public, true)))
        ).map((row) => row.name),
      ),
    upsertRepository: async (registryId: number, name: string, patch: { public?: boolean; readme?: string }, now: Date) =>
      (
        await db
          .insert(imageRepositories)
          .values({ registryId, name, public: patch.public ?? false, readme: patch.readme ?? '', updatedAt: now })
          .onConflictDoUpdate({ target: [imageRepositories.registryId, imageRepositories.name], set: { ...patch, updatedAt: now } })
          .returning()
      )[0],

    /** What the access rules need about a user; null when unknown or disabled. */
    /** A user's name by id (an application names its applicant by id). */
    userNameOf: async (userId: number): Promise<string | null> => (await db.select({ userName: users.userName }).from(users).where(eq(users.id, userId)))[0]?.userName ?? null,
    async principalRow(userName: string) {
      const row = (
        await db
          .select({ id: users.id, userName: users.userName, status: users.status, disabled: users.disabled, groupName: groups.name })
          .from(users)
          .leftJoin(groups, eq(groups.id, users.groupId))
          .where(eq(users.userName, userName))
      )[0];
      if (!row || row.disabled) return null;
      const adminOf = await db
        .select({ name: groups.name })
        .from(groupAdmins)
        .innerJoin(groups, eq(groups.id, groupAdmins.groupId))
        .where(eq(groupAdmins.userId, row.id));
      // a group of the same name (or a reserved name) takes the namespace: the user owns none then
      const [group] = await db.select({ id: groups.id }).from(groups).where(sql`lower(${groups.name}) = ${row.userName}`);
      const ownNamespace = group || isReservedNamespace(row.userName) ? null : row.userName;
      return { ...row, ownNamespace, adminOf: adminOf.map((group) => group.name) };
    },

    quotas: (registryId?: number) =>
      db
        .select()
        .from(imageNamespaceQuotas)
        .where(registryId ? eq(imageNamespaceQuotas.registryId, registryId) : undefined)
        .orderBy(asc(imageNamespaceQuotas.registryId), asc(imageNamespaceQuotas.namespace)),
    quota: async (registryId: number, namespace: string) =>
      (
        await db
          .select()
          .from(imageNamespaceQuotas)
          .where(and(eq(imageNamespaceQuotas.registryId, registryId), eq(imageNamespaceQuotas.namespace, namespace)))
      )[0] ?? null,
    setQuota: async (registryId: number, namespace: string, quotaBytes: number) =>
      (
        await db
          .insert(imageNamespaceQuotas)
          .values({ registryId, namespace, quotaBytes })
          .onConflictDoUpdate({ target: [imageNamespaceQuotas.registryId, imageNamespaceQuotas.namespace], set: { quotaBytes } })
          .returning()
      )[0] as QuotaRow,
    setUsage: async (registryId: number, namespace: string, usedBytes: number, at: Date) =>
      (
        await db
          .insert(imageNamespaceQuotas)
          .values({ registryId, namespace, usedBytes, recomputedAt: at })
          .onConflictDoUpdate({ target: [imageNamespaceQuotas.registryId, imageNamespaceQuotas.namespace], set: { usedBytes, recomputedAt: at } })
          .returning()
      )[0] as QuotaRow,

    secrets: (userId: number) => db.select().from(imageCliSecrets).where(eq(imageCliSecrets.userId, userId)).orderBy(desc(imageCliSecrets.id)),
    insertSecret: async (row: typeof imageCliSecrets.$inferInsert) => (await db.insert(imageCliSecrets).values(row).returning())[0] as SecretRow,
    /** A live secret by its hash: not revoked, not expired. */
    liveSecret: async (secretHash: string, now: Date) =>
      (
        await db
          .select()
          .from(imageCliSecrets)
          .where(and(eq(imageCliSecrets.secretHash, secretHash), isNull(imageCliSecrets.revokedAt), gt(imageCliSecrets.expiresAt, now)))
      )[0] ?? null,
    touchSecret: (id: number, at: Date) => db.update(imageCliSecrets).set({ lastUsedAt: at }).where(eq(imageCliSecrets.id, id)),
    revokeSecret: async (id: number, userId: number | null, at: Date) =>
      (
        await db
          .update(imageCliSecrets)
          .set({ revokedAt: at })
          .where(and(eq(imageCliSecrets.id, id), userId === null ? undefined : eq(imageCliSecrets.userId, userId), isNull(imageCliSecrets.revokedAt)))
          .returning()
      )[0] ?? null,
    secretOwner: async (id: number) => (await db.select({ userId: imageCliSecrets.userId }).from(imageCliSecrets).where(eq(imageCliSecrets.id, id)))[0]?.userId ?? null,

    /** Users with their live-secret counts (user-resource page), paged by name. */
    async usersPage(limit: number, offset: number) {
      const live = sql<number>`count(${imageCliSecrets.id}) filter (where ${imageCliSecrets.revokedAt} is null)`.mapWith(Number);
      const groupNamed = sql<boolean>`exists (select 1 from ${groups} g where lower(g.name) = ${users.userName})`;
      const rows = await db
        .select({ userName: users.userName, secrets: live, groupNamed })
        .from(users)
        .leftJoin(imageCliSecrets, eq(imageCliSecrets.userId, users.id))
        .groupBy(users.id)
        .orderBy(asc(users.userName))
        .limit(limit)
        .offset(offset);
      const list = rows.map(({ groupNamed: taken, ...row }) => ({ ...row, ownsNamespace: !taken && !isReservedNamespace(row.userName) }));
      const total = (await db.select({ n: count() }).from(users))[0]?.n ?? 0;
      return { list, total };
    },

    /** Every matching relation (the caller filters by pull rights before paging). */
    labelRelations: (filter: { labelId?: number; registryId?: number; image?: string }) =>
      db
        .select({ id: imageLabelRelations.id, labelId: imageLabelRelations.labelId, labelName: labels.name, registryId: imageLabelRelations.registryId, image: imageLabelRelations.image })
        .from(imageLabelRelations)
        .innerJoin(labels, eq(labels.id, imageLabelRelations.labelId))
        .where(
          and(
            filter.labelId ? eq(imageLabelRelations.labelId, filter.labelId) : undefined,
            filter.registryId ? eq(imageLabelRelations.registryId, filter.registryId) : undefined,
            filter.image ? eq(imageLabelRelations.image, filter.image) : undefined,
          ),
        )
        .orderBy(asc(imageLabelRelations.id)),
    labelsOf: (registryId: number, images: readonly string[]) =>
      images.length === 0
        ? Promise.resolve([])
        : db
            .select({ image: imageLabelRelations.image, id: labels.id, name: labels.name })
            .from(imageLabelRelations)
            .innerJoin(labels, eq(labels.id, imageLabelRelations.labelId))
            .where(and(eq(imageLabelRelations.registryId, registryId), inArray(imageLabelRelations.image, [...images])))
            .orderBy(asc(labels.name)),
    imagesWithLabel: async (labelId: number) =>
      (await db.select({ registryId: imageLabelRelations.registryId, image: imageLabelRelations.image }).from(imageLabelRelations).where(eq(imageLabelRelations.labelId, labelId))).map(
        (row) => `${row.registryId}/${row.image}`,
      ),
    labelExists: async (labelId: number) => (await db.select({ id: labels.id }).from(labels).where(eq(labels.id, labelId))).length > 0,
    addLabelRelation: async (labelId: number, registryId: number, image: string) =>
      (await db.insert(imageLabelRelations).values({ labelId, registryId, image }).onConflictDoNothing().returning())[0] ?? null,
    deleteLabelRelation: async (labelId: number, registryId: number, image: string) =>
      (
        await db
          .delete(imageLabelRelations)
          .where(and(eq(imageLabelRelations.labelId, labelId), eq(imageLabelRelations.registryId, registryId), eq(imageLabelRelations.image, image)))
          .returning()
      ).length > 0,
  };
}

export type ImagesRepo = ReturnType<typeof createImagesRepo>;
