import { index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { groups, users } from './identity';

/** An approval chain: ordered nodes, each with its approvers and any-of/all-of (`nodes` jsonb, contract ApprovalNodeInput[]). */
export const approvalChains = pgTable('approval_chains', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  nodes: jsonb('nodes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** approval-root: which chain an application kind uses (no row or null: the kind is closed). */
export const approvalRoots = pgTable('approval_roots', {
  kind: text('kind').primaryKey(),
  chainId: integer('chain_id').references(() => approvalChains.id, { onDelete: 'set null' }),
});

/**
 * One application. `nodes` is the chain as it was when applied (editing a chain never moves one in
 * flight); `currentNode` the node being decided; `state` changes only inside a transaction that holds
 * the row (SELECT … FOR UPDATE), together with the grant it causes.
 */
export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    applicantId: integer('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The applicant's group when they applied: whose administrators a group_admin node means. */
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'set null' }),
    state: text('state').notNull().default('pending'),
    payload: jsonb('payload').notNull(),
    reason: text('reason').notNull().default(''),
    nodes: jsonb('nodes').notNull(),
    currentNode: integer('current_node').notNull().default(0),
    periodDays: integer('period_days'),
    renews: integer('renews'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('applications_applicant_idx').on(t.applicantId, t.createdAt), index('applications_state_expiry_idx').on(t.state, t.expiresAt)],
);

/** One approver's decision on one node; the unique key makes "approving twice" impossible even past the row lock. */
export const applicationDecisions = pgTable(
  'application_decisions',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    node: integer('node').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    decision: text('decision').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('application_decisions_once').on(t.applicationId, t.node, t.userId)],
);
