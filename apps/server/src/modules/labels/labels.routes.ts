import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSchema } from '@starlight/contract/envelope';
import {
  deletedSchema,
  labelCreateSchema,
  labelIdParamsSchema,
  labelListQuerySchema,
  labelPatchSchema,
  labelSchema,
  labelTypeCreateSchema,
  labelTypeListQuerySchema,
  labelTypePatchSchema,
  labelTypeSchema,
} from '@starlight/contract/labels';
import { ok, replies } from '../../lib/envelope';
import type { LabelsService } from './labels.service';

/** Writes: manage_label (spec §6 names it among the platform administration keys). */
const write = { perms: ['manage_label'] as const };
/** Reads: any signed-in user; the transfer-client pages read link settings for everyone bound. */
const read = { perms: [] as const };
const tags = ['labels'];

/** Spec §7 Labels: types and labels, each listed with field_eq_/field_lk_ filters and paging, and managed by id. */
export const labelsRoutes: FastifyPluginAsyncZod<{ labels: LabelsService }> = async (app, { labels }) => {
  app.get(
    '/label/type',
    { config: read, schema: { tags, summary: 'Label types, by name', querystring: labelTypeListQuerySchema, response: replies(listSchema(labelTypeSchema)) } },
    async (request) => ok(request.id, 'label_type', await labels.listTypes(request.query)),
  );
  app.post(
    '/label/type',
    { config: write, schema: { tags, summary: 'Create a label type', body: labelTypeCreateSchema, response: replies(labelTypeSchema) } },
    async (request) => ok(request.id, 'label_type', await labels.createType(request.body)),
  );
  app.patch(
    '/label/type/:id',
    {
      config: write,
      schema: { tags, summary: 'Rename or describe a label type', params: labelIdParamsSchema, body: labelTypePatchSchema, response: replies(labelTypeSchema) },
    },
    async (request) => ok(request.id, 'label_type', await labels.updateType(request.params.id, request.body)),
  );
  app.delete(
    '/label/type/:id',
    { config: write, schema: { tags, summary: 'Delete a label type without labels', params: labelIdParamsSchema, response: replies(deletedSchema) } },
    async (request) => ok(request.id, 'label_type', await labels.deleteType(request.params.id)),
  );

  app.get(
    '/label/label',
    {
      config: read,
      schema: { tags, summary: 'Labels, by type and name (link settings: field_eq_label_type_name=link)', querystring: labelListQuerySchema, response: replies(listSchema(labelSchema)) },
    },
    async (request) => ok(request.id, 'label', await labels.listLabels(request.query)),
  );
  app.post(
    '/label/label',
    { config: write, schema: { tags, summary: 'Create a label of a type (by id or name)', body: labelCreateSchema, response: replies(labelSchema) } },
    async (request) => ok(request.id, 'label', await labels.createLabel(request.body)),
  );
  app.patch(
    '/label/label/:id',
    { config: write, schema: { tags, summary: 'Change a label', params: labelIdParamsSchema, body: labelPatchSchema, response: replies(labelSchema) } },
    async (request) => ok(request.id, 'label', await labels.updateLabel(request.params.id, request.body)),
  );
  app.delete(
    '/label/label/:id',
    { config: write, schema: { tags, summary: 'Delete a label', params: labelIdParamsSchema, response: replies(deletedSchema) } },
    async (request) => ok(request.id, 'label', await labels.deleteLabel(request.params.id)),
  );
};
