import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A label type (spec §3, managed by id): `link` holds the link settings; apps and images get theirs later. */
export const labelTypes = pgTable(
  'label_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('label_types_name_key').on(t.name)],
);

/** A label of one type; names are unique within their type. For `link` labels the description is the value. */
export const labels = pgTable(
  'labels',
  {
    id: serial('id').primaryKey(),
    labelTypeId: integer('label_type_id')
      .notNull()
      .references(() => labelTypes.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('labels_type_name_key').on(t.labelTypeId, t.name), index('labels_name_idx').on(t.name)],
);

/** Spec §7 `/label/relation/type`: a label type is for apps, images or both (`target` app | image). */
export const labelTypeRelations = pgTable(
  'label_type_relations',
  {
    labelTypeId: integer('label_type_id')
      .notNull()
      .references(() => labelTypes.id, { onDelete: 'cascade' }),
    target: text('target').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.labelTypeId, t.target] })],
);
