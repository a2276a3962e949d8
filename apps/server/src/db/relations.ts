import { relations } from 'drizzle-orm';
import { groupAdmins, groups, rolePermissions, roles, sessions, userRoles, users } from './schema/identity';
import { bindings, bindUuids, clusters, partitions, schedulerTokens } from './schema/hpc';
import { jobs } from './schema/jobs';
import { messages } from './schema/messages';
import { clientErrors } from './schema/system';

export const usersRelations = relations(users, ({ one, many }) => ({
  group: one(groups, { fields: [users.groupId], references: [groups.id] }),
  roles: many(userRoles),
  administeredGroups: many(groupAdmins),
  sessions: many(sessions),
  messages: many(messages),
}));

export const groupsRelations = relations(groups, ({ many }) => ({
  members: many(users),
  admins: many(groupAdmins),
}));

export const groupAdminsRelations = relations(groupAdmins, ({ one }) => ({
  group: one(groups, { fields: [groupAdmins.groupId], references: [groups.id] }),
  user: one(users, { fields: [groupAdmins.userId], references: [users.id] }),
}));

export const rolesRelations = relations(roles, ({ many }) => ({
  permissions: many(rolePermissions),
  users: many(userRoles),
}));

export const rolePermissionsRelations = relations(rolePermissions, ({ one }) => ({
  role: one(roles, { fields: [rolePermissions.roleId], references: [roles.id] }),
}));

export const userRolesRelations = relations(userRoles, ({ one }) => ({
  user: one(users, { fields: [userRoles.userId], references: [users.id] }),
  role: one(roles, { fields: [userRoles.roleId], references: [roles.id] }),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const messagesRelations = relations(messages, ({ one }) => ({
  user: one(users, { fields: [messages.userId], references: [users.id] }),
}));

export const clientErrorsRelations = relations(clientErrors, ({ one }) => ({
  user: one(users, { fields: [clientErrors.userId], references: [users.id] }),
}));

export const clustersRelations = relations(clusters, ({ many }) => ({
  partitions: many(partitions),
  jobs: many(jobs),
}));

export const partitionsRelations = relations(partitions, ({ one }) => ({
  cluster: one(clusters, { fields: [partitions.clusterId], references: [clusters.id] }),
}));

export const bindingsRelations = relations(bindings, ({ one }) => ({
  user: one(users, { fields: [bindings.userId], references: [users.id] }),
}));

export const bindUuidsRelations = relations(bindUuids, ({ one }) => ({
  user: one(users, { fields: [bindUuids.userId], references: [users.id] }),
}));

export const jobsRelations = relations(jobs, ({ one }) => ({
  cluster: one(clusters, { fields: [jobs.clusterId], references: [clusters.id] }),
}));

export const schedulerTokensRelations = relations(schedulerTokens, ({ one }) => ({
  session: one(sessions, { fields: [schedulerTokens.sessionId], references: [sessions.id] }),
}));
