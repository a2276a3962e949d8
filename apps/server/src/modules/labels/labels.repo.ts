import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { labels, labelTypes } from '../../db/schema/labels';

export type LabelTypeRow = typeof labelTypes.$inferSelect & { labelCount: number };
export type LabelRow = typeof labels.$inferSelect & { labelTypeName: string };

export interface LabelTypeFilter {
  id?: number;
  name?: string;
  nameContains?: string;
}

export interface LabelFilter {
  id?: number;
  name?: string;
  nameContains?: string;
  descriptionContains?: string;
  labelTypeId?: number;
  labelTypeName?: string;
}

const likeEscaped = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A unique index said no: the name is taken (in its type, for labels). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export function createLabelsRepo(db: Database) {
  // spelled out: in a one-table select drizzle leaves columns unqualified, and a bare "id" here would be labels.id
  const labelCount = sql<number>`(select count(*)::int from "labels" as l where l."label_type_id" = "label_types"."id")`;
  const typeWhere = (f: LabelTypeFilter): SQL | undefined =>
    and(
      f.id === undefined ? undefined : eq(labelTypes.id, f.id),
      f.name === undefined ? undefined : eq(labelTypes.name, f.name),
      f.nameContains ? ilike(labelTypes.name, likeEscaped(f.nameContains)) : undefined,
    );
  const labelWhere = (f: LabelFilter): SQL | undefined =>
    and(
      f.id === undefined ? undefined : eq(labels.id, f.id),
      f.name === undefined ? undefined : eq(labels.name, f.name),
      f.nameContains ? ilike(labels.name, likeEscaped(f.nameContains)) : undefined,
      f.descriptionContains ? ilike(labels.description, likeEscaped(f.descriptionContains)) : undefined,
      f.labelTypeId === undefined ? undefined : eq(labels.labelTypeId, f.labelTypeId),
      f.labelTypeName === undefined ? undefined : eq(labelTypes.name, f.labelTypeName),
    );
  const labelColumns = {
    id: labels.id,
    labelTypeId: labels.labelTypeId,
    name: labels.name,
    description: labels.description,
    createdAt: labels.createdAt,
    updatedAt: labels.updatedAt,
    labelTypeName: labelTypes.name,
  };

  const repo = {
    async pageTypes(filter: LabelTypeFilter, offset: number, limit: number): Promise<{ rows: LabelTypeRow[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        db.select({ ...typeColumns(), labelCount }).from(labelTypes).where(typeWhere(filter)).orderBy(asc(labelTypes.name)).offset(offset).limit(limit),
        db.select({ n: count() }).from(labelTypes).where(typeWhere(filter)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async findType(filter: LabelTypeFilter): Promise<LabelTypeRow | undefined> {
      const [row] = await db.select({ ...typeColumns(), labelCount }).from(labelTypes).where(typeWhere(filter)).limit(1);
      return row;
    },
    /** undefined when the name is taken. */
    async insertType(values: { name: string; description: string }): Promise<number | undefined> {
      const [row] = await db.insert(labelTypes).values(values).onConflictDoNothing().returning({ id: labelTypes.id });
      return row?.id;
    },
    async updateType(id: number, values: { name?: string; description?: string }, now: Date): Promise<boolean> {
      const rows = await db.update(labelTypes).set({ ...values, updatedAt: now }).where(eq(labelTypes.id, id)).returning({ id: labelTypes.id });
      return rows.length > 0;
    },
    async deleteType(id: number): Promise<boolean> {
      const rows = await db.delete(labelTypes).where(eq(labelTypes.id, id)).returning({ id: labelTypes.id });
      return rows.length > 0;
    },

    async pageLabels(filter: LabelFilter, offset: number, limit: number): Promise<{ rows: LabelRow[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        db
          .select(labelColumns)
          .from(labels)
          .innerJoin(labelTypes, eq(labels.labelTypeId, labelTypes.id))
          .where(labelWhere(filter))
          .orderBy(asc(labelTypes.name), asc(labels.name), asc(labels.id))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(labels).innerJoin(labelTypes, eq(labels.labelTypeId, labelTypes.id)).where(labelWhere(filter)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async findLabel(filter: LabelFilter): Promise<LabelRow | undefined> {
      const { rows } = await repo.pageLabels(filter, 0, 1);
      return rows[0];
    },
    /** undefined when the name is taken in that type. */
    async insertLabel(values: { labelTypeId: number; name: string; description: string }): Promise<number | undefined> {
      const [row] = await db.insert(labels).values(values).onConflictDoNothing().returning({ id: labels.id });
      return row?.id;
    },
    async updateLabel(id: number, values: { name?: string; description?: string; labelTypeId?: number }, now: Date): Promise<boolean> {
      const rows = await db.update(labels).set({ ...values, updatedAt: now }).where(eq(labels.id, id)).returning({ id: labels.id });
      return rows.length > 0;
    },
    async deleteLabel(id: number): Promise<boolean> {
      const rows = await db.delete(labels).where(eq(labels.id, id)).returning({ id: labels.id });
      return rows.length > 0;
    },
  };
  return repo;
}

const typeColumns = () => ({
  id: labelTypes.id,
  name: labelTypes.name,
  description: labelTypes.description,
  createdAt: labelTypes.createdAt,
  updatedAt: labelTypes.updatedAt,
});

export type LabelsRepo = ReturnType<typeof createLabelsRepo>;
