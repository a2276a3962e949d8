import { lazy } from 'react';
import { env } from '../lib/env';
import { readThirdRouteNames } from '../lib/token-storage';
import { laterPage } from './later-page';
import { attachAccess } from './route-access';
import type { AppRoute, RouteMeta } from './route-types';

/**
 * THE route table (spec §2). The router, sidebar, breadcrumb, tags view and the /401 redirect are
 * all derived from it; permission keys come from the contract's routeAccessTree (attachAccess).
 * Every page is lazy, so the login page loads none of the shell.
 */
const pages = {
  dashboard: lazy(() => import('./pages/dashboard')),
  // the user's own account (features/profile)
  userInfo: lazy(() => import('./pages/user-info')),
  // CPU-hours and fees (features/fees)
  groupBoard: lazy(() => import('./pages/fees-group-board')),
  groupCpuHours: lazy(() => import('./pages/fees-group-cpuhours')),
  communityBoard: lazy(() => import('./pages/fees-community-board')),
  communityFee: lazy(() => import('./pages/fees-community-board').then((m) => ({ default: m.CommunityFeePage }))),
  feeAdmin: lazy(() => import('./pages/fees-admin')),
  mallPoints: lazy(() => import('./pages/mall-points')),
  shop: lazy(() => import('./pages/mall-points').then((m) => ({ default: m.ShopPage }))),
  changePassword: lazy(() => import('./pages/change-password')),
  phoneReset: lazy(() => import('./pages/contact-reset').then((m) => ({ default: m.PhoneResetPage }))),
  mailReset: lazy(() => import('./pages/contact-reset').then((m) => ({ default: m.MailResetPage }))),
  loginRecord: lazy(() => import('./pages/login-record')),
  // messages (features/messages)
  messageCenter: lazy(() => import('./pages/message-center')),
  messageDetail: lazy(() => import('./pages/message-detail')),
  login: lazy(() => import('./pages/login')),
  logout: lazy(() => import('./pages/logout')),
  unauthorized: lazy(() => import('./pages/unauthorized')),
  notFound: lazy(() => import('./pages/not-found')),
  redirect: lazy(() => import('./pages/redirect')),
  unavailable: laterPage,
  externalLink: lazy(() => import('./pages/external-link')),
  storageFiles: lazy(() => import('./pages/storage-files')),
  storageUdt: lazy(() => import('./pages/storage-udt')),
  storageUdtServer: lazy(() => import('./pages/storage-udt-server')),
  labelAdmin: lazy(() => import('./pages/label-admin')),
  datafileView: lazy(() => import('./pages/datafile-view')),
  register: lazy(() => import('./pages/register')),
  registerSuccess: lazy(() => import('./pages/register-success')),
  forgotPassword: lazy(() => import('./pages/forgot-password')),
  resetPassword: lazy(() => import('./pages/reset-pwd')),
  bind: lazy(() => import('./pages/bind')),
  bindAccount: lazy(() => import('./pages/bind-account')),
  myJobs: lazy(() => import('./pages/my-jobs')),
  groupJobs: lazy(() => import('./pages/group-jobs')),
  allJobs: lazy(() => import('./pages/all-jobs')),
  jobInfo: lazy(() => import('./pages/job-info')),
  monitorNodes: lazy(() => import('./pages/monitor-nodes')),
  monitorNodeState: lazy(() => import('./pages/monitor-node-state')),
  clusterPlatform: lazy(() => import('./pages/cluster-platform')),
  clusterKNode: lazy(() => import('./pages/cluster-k-node')),
  clusterFs: lazy(() => import('./pages/cluster-fs')),
  clusterPartitionStorages: lazy(() => import('./pages/cluster-partition-storages')),
  userStorageQuota: lazy(() => import('./pages/user-storage-quota')),
  clusterPartitionQuotas: lazy(() => import('./pages/cluster-partition-quotas')),
  clusterAvailableRes: lazy(() => import('./pages/cluster-available-res')),
  userClusterQuota: lazy(() => import('./pages/user-cluster-quota')),
  userPartitionQuota: lazy(() => import('./pages/user-partition-quota')),
  webssh: lazy(() => import('./pages/webssh')),
  monitorMetrics: lazy(() => import('./pages/monitor-metrics')),
  monitorEvents: lazy(() => import('./pages/monitor-events')),
  monitorDevices: lazy(() => import('./pages/monitor-devices')),
  monitorSummary: lazy(() => import('./pages/monitor-summary')),
  jobMonitor: lazy(() => import('./pages/job-monitor')),
  // single sign-on (features/sso)
  oauth: lazy(() => import('./pages/oauth')),
  oauthClients: lazy(() => import('./pages/oauth-clients')),
  outbox: lazy(() => import('./pages/admin-outbox')),
  wxLogin: lazy(() => import('./pages/wx-login')),
  vcLogin: lazy(() => import('./pages/vc-login')),
  userManage: lazy(() => import('./pages/admin-user-manage')),
  userDetail: lazy(() => import('./pages/admin-user-detail')),
  groupManage: lazy(() => import('./pages/admin-group-manage')),
  groupInfo: lazy(() => import('./pages/admin-group-info')),
  communityManage: lazy(() => import('./pages/admin-community-manage')),
  roleManage: lazy(() => import('./pages/admin-role-manage')),
  operationManage: lazy(() => import('./pages/admin-operation-manage')),
  auditAdmin: lazy(() => import('./pages/admin-audit-admin')),
  // approvals (features/approvals)
  myApply: lazy(() => import('./pages/apply-my-apply')),
  approvalDetails: lazy(() => import('./pages/apply-approval-details')),
  ticketCreate: lazy(() => import('./pages/ticket-create')),
  ticketManage: lazy(() => import('./pages/ticket-manage')),
  ticketDetail: lazy(() => import('./pages/ticket-detail')),
  approvalStaff: lazy(() => import('./pages/approval-staff')),
  approvalRoot: lazy(() => import('./pages/approval-root')),
  approvalNodes: lazy(() => import('./pages/approval-nodes')),
  monitorDashboard: lazy(() => import('./pages/monitor-dashboard')),
  approvalNode: lazy(() => import('./pages/approval-node')),
  // interactive sessions (features/interactive)
  interactiveApps: lazy(() => import('./pages/interactive-apps')),
  interactiveDesktop: lazy(() => import('./pages/interactive-desktop')),
  // application center (features/apps)
  appList: lazy(() => import('./pages/app-list')),
  appMyList: lazy(() => import('./pages/app-my-list')),
  appSpec: lazy(() => import('./pages/app-spec')),
  swlJobs: lazy(() => import('./pages/swl-jobs')),
  swlRun: lazy(() => import('./pages/swl-run')),
  appManage: lazy(() => import('./pages/app-manage')),
  appParams: lazy(() => import('./pages/app-params')),
  // the CWL designer (features/designer)
  appDesign: lazy(() => import('./pages/app-design')),
  workflowPublic: lazy(() => import('./pages/workflow-public')),
  // the image hub (features/images)
  imageHub: lazy(() => import('./pages/image-hub')),
  imageManage: lazy(() => import('./pages/image-manage')),
  imageUserResource: lazy(() => import('./pages/image-user-resource')),
  imageLabel: lazy(() => import('./pages/image-label')),
  dchub: lazy(() => import('./pages/dchub')),
  // documents and guide (features/docs)
  docOnline: lazy(() => import('./pages/doc-online')),
  docManage: lazy(() => import('./pages/doc-manage')),
  guideUser: lazy(() => import('./pages/guide-user')),
  recruit: lazy(() => import('./pages/site-page').then((m) => ({ default: m.RecruitPage }))),
  testPage: lazy(() => import('./pages/site-page').then((m) => ({ default: m.TestPage }))),
  loading: lazy(() => import('./pages/loading')),
  // statistics (features/statistics): one page component, seven reports
  statActiveUsers: lazy(() => import('./pages/statistics').then((m) => ({ default: m.ActiveUsersReport }))),
  statResource: lazy(() => import('./pages/statistics').then((m) => ({ default: m.ResourceReport }))),
  statWorkflow: lazy(() => import('./pages/statistics').then((m) => ({ default: m.WorkflowReport }))),
  statApproval: lazy(() => import('./pages/statistics').then((m) => ({ default: m.ApprovalReport }))),
  statImage: lazy(() => import('./pages/statistics').then((m) => ({ default: m.ImageReport }))),
  statApp: lazy(() => import('./pages/statistics').then((m) => ({ default: m.AppReport }))),
  storageWrf: lazy(() => import('./pages/storage-wrf')),
  udmUds: lazy(() => import('./pages/udm').then((m) => ({ default: m.UdsPage }))),
  udmUdm: lazy(() => import('./pages/udm').then((m) => ({ default: m.UdmPage }))),
  udmDetail: lazy(() => import('./pages/udm').then((m) => ({ default: m.DatasetDetailPage }))),
  udmDetail2: lazy(() => import('./pages/udm').then((m) => ({ default: m.TransferDetailPage }))),
  statTicket: lazy(() => import('./pages/statistics').then((m) => ({ default: m.TicketReport }))),
};

/** A page of an area built later: it renders <Unavailable>, never made-up data, and stays out of the sidebar. */
const later = (path: string, title: string, meta: Omit<RouteMeta, 'title'> = {}): AppRoute => ({
  path,
  page: pages.unavailable,
  meta: { title, ...meta },
});

const group = (path: string, title: string, icon: RouteMeta['icon'], children: AppRoute[]): AppRoute => ({
  path,
  meta: { title, icon },
  children,
});

/** Inside the shell (sidebar, top bar, tags); all need a login. */
export const shellRoutes: AppRoute[] = attachAccess([
  { path: '/dashboard', page: pages.dashboard, meta: { title: 'dashboard', icon: 'dashboard', affix: true } },
  { path: '/profile', meta: { title: 'profile', hidden: true }, children: [{ path: 'index', page: pages.userInfo, meta: { title: 'profile', hidden: true } }] },
  { path: '/doconline', page: pages.docOnline, meta: { title: 'docOnline', hidden: true, noCache: true } },
  { path: '/docoline', page: pages.docManage, meta: { title: 'docManage', icon: 'document' } },
  group('/app', 'app.root', 'app', [
    { path: 'list', page: pages.appList, meta: { title: 'app.list' } },
    { path: 'spec/:appname', page: pages.appSpec, meta: { title: 'app.spec', hidden: true } },
    // Spec §2: one application is designed at a time, so the designer is never kept alive.
    { path: 'design', page: pages.appDesign, meta: { title: 'app.design', noCache: true } },
    { path: 'design/:app', page: pages.appDesign, meta: { title: 'app.designApp', noCache: true, hidden: true } },
    { path: 'my-list', page: pages.appMyList, meta: { title: 'app.myList' } },
    { path: 'manage', page: pages.appManage, meta: { title: 'app.manage' } },
    { path: 'MyEdit', page: pages.appDesign, meta: { title: 'app.myEdit', noCache: true, hidden: true } },
    { path: 'app-params', page: pages.appParams, meta: { title: 'app.params' } },
    // app labels and their types live in the labels module: its admin page serves both (relations: /label/relation/app)
    { path: 'app-label', page: pages.labelAdmin, meta: { title: 'app.label' } },
    { path: 'app-label-type', page: pages.labelAdmin, meta: { title: 'app.labelType' } },
    { path: 'interactive', page: pages.interactiveApps, meta: { title: 'app.interactive' } },
    { path: 'interactive/:id/desktop', page: pages.interactiveDesktop, meta: { title: 'app.desktop', hidden: true, noCache: true } },
  ]),
  group('/job', 'job.root', 'job', [
    { path: 'myjobs', page: pages.myJobs, meta: { title: 'job.myJobs' } },
    { path: 'groupjobs', page: pages.groupJobs, meta: { title: 'job.groupJobs' } },
    { path: 'list', page: pages.allJobs, meta: { title: 'job.list' } },
    { path: 'info/:cluster/:jobIndex', page: pages.jobInfo, meta: { title: 'job.info', hidden: true } },
    { path: 'info/:cluster/:jobIndex/monitor', page: pages.jobMonitor, meta: { title: 'job.monitor', hidden: true } },
  ]),
  group('/monitor', 'monitor.root', 'monitor', [
    { path: 'nodes', page: pages.monitorNodes, meta: { title: 'monitor.nodes' } },
    { path: 'devices', page: pages.monitorDevices, meta: { title: 'monitor.devices' } },
    { path: 'events', page: pages.monitorEvents, meta: { title: 'monitor.events' } },
    { path: 'metrics', page: pages.monitorMetrics, meta: { title: 'monitor.metrics' } },
    { path: 'state/:nodeName', page: pages.monitorNodeState, meta: { title: 'monitor.state', hidden: true } },
    { path: 'summary', page: pages.monitorSummary, meta: { title: 'monitor.summary' } },
  ]),
  group('/storage', 'storage.root', 'storage', [
    { path: 'files', page: pages.storageFiles, meta: { title: 'storage.files' } },
    { path: 'udt', page: pages.storageUdt, meta: { title: 'storage.udt' } },
    { path: 'udtserver', page: pages.storageUdtServer, meta: { title: 'storage.udtServer' } },
    { path: 'wrf', page: pages.storageWrf, meta: { title: 'storage.wrf' } },
  ]),
  group('/guide', 'guide.root', 'guide', [{ path: 'user', page: pages.guideUser, meta: { title: 'guide.user' } }]),
  group('/udm', 'udm.root', 'data', [
    { path: 'uds', page: pages.udmUds, meta: { title: 'udm.uds' } },
    { path: 'udm', page: pages.udmUdm, meta: { title: 'udm.udm' } },
    { path: 'detail/:id', page: pages.udmDetail, meta: { title: 'udm.detail', hidden: true } },
    { path: 'detail2/:id', page: pages.udmDetail2, meta: { title: 'udm.detail', hidden: true } },
  ]),
  group('/swl', 'swl.root', 'workflow', [
    { path: 'run/:app/:uuid', page: pages.swlRun, meta: { title: 'swl.run', hidden: true, noCache: true } },
    { path: 'jobs', page: pages.swlJobs, meta: { title: 'swl.jobs' } },
  ]),
  group('/ticket', 'ticket.root', 'ticket', [
    { path: 'create', page: pages.ticketCreate, meta: { title: 'ticket.create', noCache: true } },
    { path: 'manage', page: pages.ticketManage, meta: { title: 'ticket.manage' } },
    { path: 'detail/:id', page: pages.ticketDetail, meta: { title: 'ticket.detail', hidden: true, noCache: true } },
  ]),
  group('/user-center', 'userCenter.root', 'user', [
    { path: 'user-info', page: pages.userInfo, meta: { title: 'userCenter.userInfo' } },
    { path: 'grpmanboard', page: pages.groupBoard, meta: { title: 'userCenter.groupBoard' } },
    { path: 'grpman-cpuhours', page: pages.groupCpuHours, meta: { title: 'userCenter.groupCpuHours' } },
    { path: 'communitymanboard', page: pages.communityBoard, meta: { title: 'userCenter.communityBoard' } },
    { path: 'communityfee/:communityName', page: pages.communityFee, meta: { title: 'userCenter.communityFee', hidden: true } },
    { path: 'bind-account', page: pages.bindAccount, meta: { title: 'userCenter.bindAccount', noCache: true } },
    { path: 'user/query-page', page: pages.userManage, meta: { title: 'userCenter.userQuery', hidden: true } },
    { path: 'reset/password', page: pages.changePassword, meta: { title: 'userCenter.resetPassword', noCache: true } },
    { path: 'user/phone-reset/:telephone', page: pages.phoneReset, meta: { title: 'userCenter.phoneReset', noCache: true, hidden: true } },
    { path: 'user/mail-reset/:email', page: pages.mailReset, meta: { title: 'userCenter.mailReset', noCache: true, hidden: true } },
    { path: 'user-manage', page: pages.userManage, meta: { title: 'userCenter.userManage' } },
    { path: 'user-detail/:username', page: pages.userDetail, meta: { title: 'userCenter.userDetail', hidden: true } },
    { path: 'group-manage', page: pages.groupManage, meta: { title: 'userCenter.groupManage' } },
    { path: 'group-info/:group', page: pages.groupInfo, meta: { title: 'userCenter.groupInfo', hidden: true } },
    { path: 'community-manage', page: pages.communityManage, meta: { title: 'userCenter.communityManage' } },
    { path: 'role-manage', page: pages.roleManage, meta: { title: 'userCenter.roleManage' } },
    { path: 'operation-manage', page: pages.operationManage, meta: { title: 'userCenter.operationManage' } },
    { path: 'message', page: pages.messageCenter, meta: { title: 'userCenter.message' } },
    { path: 'detailmessage/:id', page: pages.messageDetail, meta: { title: 'userCenter.messageDetail', hidden: true, noCache: true } },
    { path: 'mall-points-manage', page: pages.mallPoints, meta: { title: 'userCenter.mallPoints' } },
    { path: 'shop', page: pages.shop, meta: { title: 'userCenter.shop' } },
    { path: 'login-record', page: pages.loginRecord, meta: { title: 'userCenter.loginRecord' } },
    // ours (single sign-on admin, query_role in the contract's routeAccessTree)
    { path: 'oauth-clients', page: pages.oauthClients, meta: { title: 'userCenter.oauthClients' } },
    // ours: price tables and allocations (kcluster_clusters_admin in the contract's routeAccessTree)
    { path: 'fee-admin', page: pages.feeAdmin, meta: { title: 'userCenter.feeAdmin' } },
    // ours (the outbox, the contract's topPermission): where codes wait without SMTP / an SMS provider
    { path: 'outbox', page: pages.outbox, meta: { title: 'userCenter.outbox' } },
  ]),
  group('/image-center', 'imageCenter.root', 'image', [
    { path: 'image', page: pages.imageHub, meta: { title: 'imageCenter.image' } },
    { path: 'image-manage', page: pages.imageManage, meta: { title: 'imageCenter.imageManage' } },
    { path: 'user-resource', page: pages.imageUserResource, meta: { title: 'imageCenter.userResource' } },
    { path: 'image-label', page: pages.imageLabel, meta: { title: 'imageCenter.imageLabel' } },
  ]),
  group('/cluster-partition', 'clusterPartition.root', 'cluster', [
    { path: 'cluster-partition-quotas/:cluster', page: pages.clusterPartitionQuotas, meta: { title: 'clusterPartition.clusterQuotas', hidden: true } },
    { path: 'platform', page: pages.clusterPlatform, meta: { title: 'clusterPartition.platform' } },
    { path: 'user-cluster-quota', page: pages.userClusterQuota, meta: { title: 'clusterPartition.userClusterQuota' } },
    { path: 'user-storage-quota', page: pages.userStorageQuota, meta: { title: 'clusterPartition.userStorageQuota' } },
    { path: 'k-node', page: pages.clusterKNode, meta: { title: 'clusterPartition.kNode' } },
    { path: 'webssh/:cluster/:partition', page: pages.webssh, meta: { title: 'clusterPartition.webssh', hidden: true, noCache: true } },
    { path: 'user-partition-quota', page: pages.userPartitionQuota, meta: { title: 'clusterPartition.userPartitionQuota' } },
    { path: 'available-res', page: pages.clusterAvailableRes, meta: { title: 'clusterPartition.availableResources' } },
    { path: 'fs', page: pages.clusterFs, meta: { title: 'clusterPartition.fileSystems' } },
    { path: 'partition-storages', page: pages.clusterPartitionStorages, meta: { title: 'clusterPartition.partitionStorages' } },
    { path: 'monitor-dashboard', page: pages.monitorDashboard, meta: { title: 'clusterPartition.monitorDashboard', icon: 'link' } },
  ]),
  group('/apply', 'apply.root', 'apply', [
    { path: 'my-apply', page: pages.myApply, meta: { title: 'apply.myApply' } },
    { path: 'approval-details/:id', page: pages.approvalDetails, meta: { title: 'apply.details', hidden: true, noCache: true } },
  ]),
  group('/label', 'label.root', 'label', [{ path: 'label-admin', page: pages.labelAdmin, meta: { title: 'label.admin' } }]),
  group('/audit', 'audit.root', 'audit', [{ path: 'audit-admin', page: pages.auditAdmin, meta: { title: 'audit.admin' } }]),
  group('/approval', 'approval.root', 'approval', [
    { path: 'approval-nodes', page: pages.approvalNodes, meta: { title: 'approval.nodes' } },
    { path: 'approval-root', page: pages.approvalRoot, meta: { title: 'approval.rootConfig' } },
    // an approver's decision on application :id: the details page, whose decide card shows for them
    { path: 'create-approval/:id', page: pages.approvalDetails, meta: { title: 'approval.create', hidden: true, noCache: true } },
    { path: 'approval-node/:id', page: pages.approvalNode, meta: { title: 'approval.node', hidden: true, noCache: true } },
    { path: 'approval-node', page: pages.approvalNode, meta: { title: 'approval.nodeNew', hidden: true, noCache: true } },
    { path: 'staff-approval', page: pages.approvalStaff, meta: { title: 'approval.staff' } },
  ]),
  group('/statistics', 'statistics.root', 'statistics', [
    { path: 'active-users', page: pages.statActiveUsers, meta: { title: 'statistics.activeUsers' } },
    { path: 'workflow', page: pages.statWorkflow, meta: { title: 'statistics.workflow' } },
    { path: 'resource', page: pages.statResource, meta: { title: 'statistics.resource' } },
    { path: 'approval', page: pages.statApproval, meta: { title: 'statistics.approval' } },
    { path: 'image', page: pages.statImage, meta: { title: 'statistics.image' } },
    { path: 'app', page: pages.statApp, meta: { title: 'statistics.app' } },
    { path: 'ticket', page: pages.statTicket, meta: { title: 'statistics.ticket' } },
  ]),
  group('/platform-resource', 'platformResource.root', 'cloud', [later('cloud', 'platformResource.cloud')]),
]);

/** Login pages: a signed-in user opening them is sent to / (spec §2). */
const loginPage = (path: string, title: string, page = pages.unavailable): AppRoute => ({ path, page, meta: { title, noCache: true } });

/** Outside the shell and needing no login (contract publicRoutePaths). */
export const publicRoutes: AppRoute[] = [
  loginPage('/login', 'login', pages.login),
  loginPage('/wx-login', 'wxLogin', pages.wxLogin),
  loginPage('/vc-login', 'vcLogin', pages.vcLogin),
  { path: '/logout', page: pages.logout, meta: { title: 'logout', noCache: true } },
  { path: '/401', page: pages.unauthorized, meta: { title: 'unauthorized', noCache: true } },
  { path: '/404', page: pages.notFound, meta: { title: 'notFound', noCache: true } },
  { path: '/redirect/:path*', page: pages.redirect, meta: { noCache: true } },
  { path: '/test', page: pages.testPage, meta: { title: 'test', noCache: true } },
  { path: '/recruit', page: pages.recruit, meta: { title: 'recruit', noCache: true } },
  { path: '/workflow', page: pages.workflowPublic, meta: { title: 'workflowPublic', noCache: true } },
  { path: '/oauth', page: pages.oauth, meta: { title: 'oauth', noCache: true } },
  { path: '/register', page: pages.register, meta: { title: 'register', noCache: true } },
  { path: '/forgot-password', page: pages.forgotPassword, meta: { title: 'forgotPassword', noCache: true } },
  { path: '/register-success', page: pages.registerSuccess, meta: { title: 'registerSuccess', noCache: true } },
  { path: '/dchub', page: pages.dchub, meta: { title: 'dchub', noCache: true } },
  { path: '/reset-pwd', page: pages.resetPassword, meta: { title: 'resetPassword', noCache: true } },
  { path: '/loading', page: pages.loading, meta: { title: 'loading', noCache: true } },
  { path: '/bind', page: pages.bind, meta: { title: 'bind', noCache: true } },
  { path: '/datafile/view', page: pages.datafileView, meta: { title: 'datafileView', noCache: true } },
];

/**
 * Known extra third-party routes (spec §2): the saved `thirdRoutes` list names entries of this table;
 * unknown names are ignored. Each opens an external address.
 */
export const knownThirdRoutes: Readonly<Record<string, AppRoute>> = {
  grafana: {
    path: '/third/grafana',
    page: pages.externalLink,
    meta: { title: 'third.grafana', icon: 'monitor', link: env.monitorUrl ?? '/grafana/' },
  },
};

export function thirdRoutes(names: readonly string[] = readThirdRouteNames()): AppRoute[] {
  return names.flatMap((name) => {
    const route = Object.hasOwn(knownThirdRoutes, name) ? knownThirdRoutes[name] : undefined;
    return route ? [route] : [];
  });
}
