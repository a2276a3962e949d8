import { Code } from '@starlight/contract/codes';
import type { List } from '@starlight/contract/envelope';
import type { LabelTarget, LabelTypeRelation, LabelTypeRelationBody, LabelTypeRelationQuery } from '@starlight/contract/labels';
import { AppError, notFound } from '../../lib/app-error';
import type { TypeRelationsRepo } from './type-relations.repo';

const unknownType = (id: number): AppError =>
  new AppError(Code.invalidInput, `there is no label type with id ${id}`, { fields: [{ path: 'body.label_type_id', message: 'no such label type' }] });

/** Spec §7 `/label/relation/type`: which label types are for apps, which for images. */
export function createTypeRelationsService({ repo }: { repo: TypeRelationsRepo }) {
  return {
    async list(query: LabelTypeRelationQuery): Promise<List<LabelTypeRelation>> {
      const { rows, total } = await repo.page({ labelTypeId: query.field_eq_label_type_id, target: query.field_eq_target }, (query.page - 1) * query.page_size, query.page_size);
      return {
        list: rows.map((row) => ({ label_type_id: row.labelTypeId, label_type_name: row.labelTypeName, target: row.target as LabelTarget, created_at: row.createdAt.toISOString() })),
        total,
      };
    },
    /** Idempotent: `created` says whether the pair was new. */
    async add(body: LabelTypeRelationBody): Promise<{ created: boolean }> {
      if (!(await repo.typeExists(body.label_type_id))) throw unknownType(body.label_type_id);
      return { created: await repo.insert(body.label_type_id, body.target) };
    },
    async remove(body: LabelTypeRelationBody): Promise<null> {
      if (!(await repo.remove(body.label_type_id, body.target))) throw notFound('label type relation');
      return null;
    },
  };
}

export type TypeRelationsService = ReturnType<typeof createTypeRelationsService>;
