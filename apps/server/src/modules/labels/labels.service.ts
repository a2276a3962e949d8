import { Code } from '@starlight/contract/codes';
import type { List } from '@starlight/contract/envelope';
import {
  noSuchValue,
  type Label,
  type LabelCreate,
  type LabelListQuery,
  type LabelPatch,
  type LabelType,
  type LabelTypeCreate,
  type LabelTypeListQuery,
  type LabelTypePatch,
} from '@starlight/contract/labels';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation, type LabelRow, type LabelsRepo, type LabelTypeRow } from './labels.repo';

const toLabelType = (row: LabelTypeRow): LabelType => ({
  id: row.id,
  name: row.name,
  description: row.description,
  label_count: row.labelCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const toLabel = (row: LabelRow): Label => ({
  id: row.id,
  name: row.name,
  description: row.description,
  label_type_id: row.labelTypeId,
  label_type_name: row.labelTypeName,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const fieldConflict = (field: string, info: string): AppError =>
  new AppError(Code.conflict, info, { fields: [{ path: `body.${field}`, message: info }] });
const typeNameTaken = (name: string) => fieldConflict('name', `there is already a label type named ${name}`);
const labelNameTaken = (name: string, type: string) => fieldConflict('name', `the label type ${type} already has a label named ${name}`);
const unknownType = (field: string, what: string): AppError =>
  new AppError(Code.invalidInput, `there is no label type ${what}`, { fields: [{ path: `body.${field}`, message: 'no such label type' }] });

/**
 * Label types and labels (spec §7 Labels). Reads are open to every signed-in user (the link settings
 * drive pages every user sees); writes need manage_label, checked on the route. A type with labels
 * is not deleted (1409): its labels go first, so nothing that points at them is orphaned silently.
 */
export function createLabelsService({ repo, now = () => new Date() }: { repo: LabelsRepo; now?: () => Date }) {
  const typeById = async (id: number): Promise<LabelTypeRow> => {
    const row = await repo.findType({ id });
    if (!row) throw notFound('label type');
    return row;
  };
  const labelById = async (id: number): Promise<LabelRow> => {
    const row = await repo.findLabel({ id });
    if (!row) throw notFound('label');
    return row;
  };
  /** Unique-index races (two admins at once) still answer 1409, never 1500. */
  const conflictOr = async <T>(write: () => Promise<T>, conflict: () => AppError): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict();
      throw error;
    }
  };

  return {
    async listTypes(query: LabelTypeListQuery): Promise<List<LabelType>> {
      const { rows, total } = await repo.pageTypes(
        { id: query.field_eq_id, name: query.field_eq_name, nameContains: query.field_lk_name },
        (query.page - 1) * query.page_size,
        query.page_size,
      );
      return { list: rows.map(toLabelType), total };
    },

    async createType(input: LabelTypeCreate): Promise<LabelType> {
      const id = await conflictOr(() => repo.insertType({ name: input.name, description: input.description }), () => typeNameTaken(input.name));
      if (id === undefined) throw typeNameTaken(input.name);
      return toLabelType(await typeById(id));
    },

    async updateType(id: number, patch: LabelTypePatch): Promise<LabelType> {
      await typeById(id);
      const updated = await conflictOr(() => repo.updateType(id, patch, now()), () => typeNameTaken(patch.name ?? ''));
      if (!updated) throw notFound('label type');
      return toLabelType(await typeById(id));
    },

    async deleteType(id: number): Promise<{ id: number }> {
      const row = await typeById(id);
      if (row.labelCount > 0) throw new AppError(Code.conflict, `the label type ${row.name} still has ${row.labelCount} label(s): delete them first`);
      // a label added between the check and here makes the foreign key refuse: still a conflict
      const deleted = await repo.deleteType(id).catch((error: unknown) => {
        if ((error as { code?: string; cause?: { code?: string } }).code === '23503' || (error as { cause?: { code?: string } }).cause?.code === '23503')
          throw new AppError(Code.conflict, `the label type ${row.name} still has labels: delete them first`);
        throw error;
      });
      if (!deleted) throw notFound('label type');
      return { id };
    },

    async listLabels(query: LabelListQuery): Promise<List<Label>> {
      const { rows, total } = await repo.pageLabels(
        {
          id: query.field_eq_id,
          name: query.field_eq_name,
          nameContains: query.field_lk_name,
          descriptionContains: query.field_lk_description,
          labelTypeId: query.field_eq_label_type_id,
          labelTypeName: query.field_eq_label_type_name,
        },
        (query.page - 1) * query.page_size,
        query.page_size,
      );
      return { list: rows.map(toLabel), total };
    },

    async createLabel(input: LabelCreate): Promise<Label> {
      const type =
        input.label_type_id !== undefined
          ? await repo.findType({ id: input.label_type_id })
          : await repo.findType({ name: input.label_type_name });
      if (!type)
        throw input.label_type_id !== undefined
          ? unknownType('label_type_id', `with id ${input.label_type_id}`)
          : unknownType('label_type_name', `named ${input.label_type_name}`);
      const values = { labelTypeId: type.id, name: input.name, description: input.description };
      const id = await conflictOr(() => repo.insertLabel(values), () => labelNameTaken(input.name, type.name));
      if (id === undefined) throw labelNameTaken(input.name, type.name);
      return toLabel(await labelById(id));
    },

    async updateLabel(id: number, patch: LabelPatch): Promise<Label> {
      const current = await labelById(id);
      let typeName = current.labelTypeName;
      if (patch.label_type_id !== undefined && patch.label_type_id !== current.labelTypeId) {
        const type = await repo.findType({ id: patch.label_type_id });
        if (!type) throw unknownType('label_type_id', `with id ${patch.label_type_id}`);
        typeName = type.name;
      }
      const values = { name: patch.name, description: patch.description, labelTypeId: patch.label_type_id };
      const updated = await conflictOr(() => repo.updateLabel(id, values, now()), () => labelNameTaken(patch.name ?? current.name, typeName));
      if (!updated) throw notFound('label');
      return toLabel(await labelById(id));
    },

    async deleteLabel(id: number): Promise<{ id: number }> {
      if (!(await repo.deleteLabel(id))) throw notFound('label');
      return { id };
    },

    /** The value of a link setting (spec §7 "Link settings"); 1404 'no such value {name}' (spec §8) when unset. */
    async linkValue(name: string): Promise<string> {
      const row = await repo.findLabel({ labelTypeName: 'link', name });
      if (!row) throw new AppError(Code.notFound, noSuchValue(name));
      return row.description;
    },
  };
}

export type LabelsService = ReturnType<typeof createLabelsService>;
