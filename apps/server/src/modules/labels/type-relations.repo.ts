import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { LabelTarget } from '@starlight/contract/labels';
import type { Database } from '../../db/client';
import { labelTypeRelations, labelTypes } from '../../db/schema/labels';

export interface TypeRelationFilter {
  labelTypeId?: number | undefined;
  target?: LabelTarget | undefined;
}
export interface TypeRelationRow {
  labelTypeId: number;
  labelTypeName: string;
  target: string;
  createdAt: Date;
}

const where = (filter: TypeRelationFilter): SQL | undefined =>
  and(
    filter.labelTypeId === undefined ? undefined : eq(labelTypeRelations.labelTypeId, filter.labelTypeId),
    filter.target === undefined ? undefined : eq(labelTypeRelations.target, filter.target),
  );

/** Table `label_type_relations`: (label type, target) pairs. */
export function createTypeRelationsRepo(db: Database) {
  return {
    async page(filter: TypeRelationFilter, offset: number, limit: number): Promise<{ rows: TypeRelationRow[]; total: number }> {
      const condition = where(filter);
      const rows = await db
        .select({ labelTypeId: labelTypeRelations.labelTypeId, labelTypeName: labelTypes.name, target: labelTypeRelations.target, createdAt: labelTypeRelations.createdAt })
        .from(labelTypeRelations)
        .innerJoin(labelTypes, eq(labelTypes.id, labelTypeRelations.labelTypeId))
        .where(condition)
        .orderBy(asc(labelTypes.name), asc(labelTypeRelations.target))
        .offset(offset)
        .limit(limit);
      const [total] = await db.select({ n: count() }).from(labelTypeRelations).where(condition);
      return { rows, total: total?.n ?? 0 };
    },
    async typeExists(id: number): Promise<boolean> {
      return (await db.select({ id: labelTypes.id }).from(labelTypes).where(eq(labelTypes.id, id))).length > 0;
    },
    /** True when the pair was new. */
    async insert(labelTypeId: number, target: LabelTarget): Promise<boolean> {
      return (await db.insert(labelTypeRelations).values({ labelTypeId, target }).onConflictDoNothing().returning({ id: labelTypeRelations.labelTypeId })).length > 0;
    },
    async remove(labelTypeId: number, target: LabelTarget): Promise<boolean> {
      return (await db.delete(labelTypeRelations).where(and(eq(labelTypeRelations.labelTypeId, labelTypeId), eq(labelTypeRelations.target, target))).returning({ id: labelTypeRelations.labelTypeId })).length > 0;
    },
  };
}

export type TypeRelationsRepo = ReturnType<typeof createTypeRelationsRepo>;
