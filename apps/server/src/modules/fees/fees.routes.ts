import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSchema, pageQuerySchema } from '@starlight/contract/envelope';
import {
  accountFlagInputSchema,
  accountFlagSchema,
  allocationInputSchema,
  allocationListQuerySchema,
  allocationPatchSchema,
  allocationSchema,
  communityNameParamsSchema,
  communitySummarySchema,
  communityUsageQuerySchema,
  communityUsageSchema,
  costLogQuerySchema,
  costLogSchema,
  feeSettingsSchema,
  feeStatusSchema,
  groupCpuHoursSchema,
  idParamsSchema,
  memberLimitInputSchema,
  memberUsageQuerySchema,
  memberUsageSchema,
  priceInputSchema,
  priceListQuerySchema,
  priceSchema,
  snapQuerySchema,
  snapSchema,
  syncResultSchema,
  unpricedPartitionSchema,
  usageRangeQuerySchema,
  userCpuHoursSchema,
  userNameParamsSchema,
} from '@starlight/contract/fees';
import type { PermissionKey } from '@starlight/contract/permissions';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { FeeStatusService } from './fee-status.service';
import type { FeesAdminService } from './fees-admin.service';
import type { FeesBoardsService } from './fees-boards.service';

const tags = ['fees'];
/** Any signed-in user; the service confines what they read to their own (or what they administer). */
const signedIn: PermissionKey[] = [];
const feeAdmin: PermissionKey[] = ['kcluster_clusters_admin'];
const groupAdmins: PermissionKey[] = ['user_order_create_gadmin', 'query_all_user'];
const communityAdmins: PermissionKey[] = ['community_3rd_admin', 'query_all_user'];
const rangeQuery = z.object({ from: z.iso.date().optional(), to: z.iso.date().optional() });
const withWarnings = <T extends z.ZodType>(schema: T, key: string) => z.object({ [key]: schema, warnings: z.array(z.string()) });

/** Spec §7 "Fees" (paths exactly as the spec names them) and the screens' own calls (README.md). */
export const feesRoutes: FastifyPluginAsyncZod<{ admin: FeesAdminService; boards: FeesBoardsService; status: FeeStatusService; syncNow: () => Promise<z.infer<typeof syncResultSchema>> }> = async (
  app,
  { admin, boards, status, syncNow },
) => {
  // ---------------------------------------------------------------- everyone: their own
  app.get('/fee/cpuhours/user', { config: { perms: signedIn }, schema: { tags, summary: "The caller's CPU-hours per day and cluster", querystring: usageRangeQuerySchema, response: replies(userCpuHoursSchema) } }, async (request) =>
    ok(request.id, 'fee', await boards.userCpuHours(actorOf(request), request.query)),
  );
  app.get('/fee/status', { config: { perms: signedIn }, schema: { tags, summary: 'The user fee-status call: over_limit and why (spec §4)', response: replies(feeStatusSchema) } }, async (request) =>
    ok(request.id, 'fee', await status.status(actorOf(request).userId)),
  );
  app.get('/fee/hpc/cpuhours/:id', { config: { perms: signedIn }, schema: { tags, summary: "{id} = group id: the group's CPU-hours (its members, its administrators, query_all_user)", params: idParamsSchema, querystring: usageRangeQuerySchema, response: replies(groupCpuHoursSchema) } }, async (request) =>
    ok(request.id, 'fee', await boards.groupCpuHours(actorOf(request), request.params.id, request.query)),
  );
  app.get('/fee/userlevel/cpuhours/search/:id', { config: { perms: signedIn }, schema: { tags, summary: '{id} = user id: one member (self, their group administrator, query_all_user)', params: idParamsSchema, response: replies(memberUsageSchema) } }, async (request) =>
    ok(request.id, 'fee', await boards.memberSearch(actorOf(request), request.params.id)),
  );
  app.get('/fee/costlogs', { config: { perms: signedIn }, schema: { tags, summary: 'One line per charged job (scope=all: kcluster_clusters_admin)', querystring: costLogQuerySchema, response: replies(listSchema(costLogSchema)) } }, async (request) =>
    ok(request.id, 'fee', await boards.costLogs(actorOf(request), request.query)),
  );
  app.get('/fee/snap', { config: { perms: signedIn }, schema: { tags, summary: 'Daily snapshots of usage and allocations', querystring: snapQuerySchema, response: replies(listSchema(snapSchema)) } }, async (request) =>
    ok(request.id, 'fee', await boards.snaps(actorOf(request), request.query)),
  );

  // ---------------------------------------------------------------- group administrators
  app.get('/fee/userlevel/cpuhours', { config: { perms: groupAdmins }, schema: { tags, summary: "Members' usage and limits of a group I administer", querystring: memberUsageQuerySchema, response: replies(listSchema(memberUsageSchema)) } }, async (request) =>
    ok(request.id, 'fee', await boards.memberUsage(actorOf(request), request.query)),
  );
  app.post('/fee/userlevel/cpuhours/:id', { config: { perms: ['user_order_create_gadmin', 'manage_all_user'] }, schema: { tags, summary: "{id} = user id: a member's CPU-hour limit within the group's allocation", params: idParamsSchema, body: memberLimitInputSchema, response: replies(withWarnings(allocationSchema.nullable(), 'allocation')) } }, async (request) =>
    ok(request.id, 'fee', await admin.setMemberLimit(actorOf(request), request.params.id, request.body)),
  );

  // ---------------------------------------------------------------- community administrators
  app.get('/fee/communities', { config: { perms: communityAdmins }, schema: { tags, summary: 'Communities I administer with their usage', querystring: rangeQuery, response: replies(z.array(communitySummarySchema)) } }, async (request) =>
    ok(request.id, 'fee', await boards.communities(actorOf(request), request.query)),
  );
  app.get('/fee/community/:communityName', { config: { perms: communityAdmins }, schema: { tags, summary: "A community's groups, usage and fees (paged)", params: communityNameParamsSchema, querystring: communityUsageQuerySchema, response: replies(communityUsageSchema) } }, async (request) =>
    ok(request.id, 'fee', await boards.communityUsage(actorOf(request), request.params.communityName, request.query)),
  );
  app.get('/fee/community/:communityName/csv', { config: { perms: communityAdmins }, schema: { tags, summary: "A community's groups as CSV", params: communityNameParamsSchema, querystring: rangeQuery } }, async (request, reply) => {
    const csv = await boards.communityCsv(actorOf(request), request.params.communityName, request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="community-${encodeURIComponent(request.params.communityName)}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(csv);
  });

  // ---------------------------------------------------------------- administrators
  app.get('/fee/prices', { config: { perms: feeAdmin }, schema: { tags, summary: 'Price tables', querystring: priceListQuerySchema, response: replies(listSchema(priceSchema)) } }, async (request) =>
    ok(request.id, 'fee', await admin.listPrices(request.query)),
  );
  app.post('/fee/prices', { config: { perms: feeAdmin }, schema: { tags, summary: 'Add a price item (its period may not overlap the same item: 1409)', body: priceInputSchema, response: replies(priceSchema) } }, async (request) =>
    ok(request.id, 'fee', await admin.createPrice(request.body)),
  );
  app.delete('/fee/prices/:id', { config: { perms: feeAdmin }, schema: { tags, summary: 'Remove a price item', params: idParamsSchema, response: replies(z.null()) } }, async (request) =>
    ok(request.id, 'fee', await admin.deletePrice(request.params.id).then(() => null)),
  );
  app.get('/fee/prices/unpriced', { config: { perms: feeAdmin }, schema: { tags, summary: 'Partitions with no price valid now', response: replies(z.array(unpricedPartitionSchema)) } }, async (request) =>
    ok(request.id, 'fee', await admin.unpriced()),
  );
  app.get('/fee/settings', { config: { perms: feeAdmin }, schema: { tags, summary: 'Minimum charge and rounding', response: replies(feeSettingsSchema) } }, async (request) => ok(request.id, 'fee', await admin.settings()));
  app.put('/fee/settings', { config: { perms: feeAdmin }, schema: { tags, summary: 'Set the minimum charge and rounding', body: feeSettingsSchema.strict(), response: replies(feeSettingsSchema) } }, async (request) =>
    ok(request.id, 'fee', await admin.setSettings(request.body)),
  );
  app.get('/fee/allocations', { config: { perms: feeAdmin }, schema: { tags, summary: 'Allocations with their usage', querystring: allocationListQuerySchema, response: replies(listSchema(allocationSchema)) } }, async (request) =>
    ok(request.id, 'fee', await admin.listAllocations(request.query)),
  );
  app.post('/fee/allocations', { config: { perms: feeAdmin }, schema: { tags, summary: 'Give CPU-hours and/or a balance to a user, group or community', body: allocationInputSchema, response: replies(withWarnings(allocationSchema, 'allocation')) } }, async (request) =>
    ok(request.id, 'fee', await admin.createAllocation(request.body)),
  );
  app.patch('/fee/allocations/:id', { config: { perms: feeAdmin }, schema: { tags, summary: 'Raise, lower or end an allocation', params: idParamsSchema, body: allocationPatchSchema, response: replies(withWarnings(allocationSchema, 'allocation')) } }, async (request) =>
    ok(request.id, 'fee', await admin.patchAllocation(request.params.id, request.body)),
  );
  app.delete('/fee/allocations/:id', { config: { perms: feeAdmin }, schema: { tags, summary: 'Remove an allocation', params: idParamsSchema, response: replies(z.object({ warnings: z.array(z.string()) })) } }, async (request) =>
    ok(request.id, 'fee', { warnings: await admin.deleteAllocation(request.params.id) }),
  );
  app.get('/fee/flags', { config: { perms: feeAdmin }, schema: { tags, summary: 'Whitelisted and blocked users', querystring: pageQuerySchema, response: replies(listSchema(accountFlagSchema)) } }, async (request) =>
    ok(request.id, 'fee', await admin.listFlags(request.query.page, request.query.page_size)),
  );
  app.put('/fee/flags/:name', { config: { perms: feeAdmin }, schema: { tags, summary: 'Whitelist or block a user', params: userNameParamsSchema, body: accountFlagInputSchema, response: replies(withWarnings(accountFlagSchema, 'flag')) } }, async (request) =>
    ok(request.id, 'fee', await admin.setFlag(request.params.name, request.body)),
  );
  app.post('/fee/sync', { config: { perms: feeAdmin }, schema: { tags, summary: "Read the clusters' accounting now", response: replies(syncResultSchema) } }, async (request) => ok(request.id, 'fee', await syncNow()));
};
