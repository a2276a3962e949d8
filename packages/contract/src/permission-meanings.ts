import type { PermissionKey } from './permissions';

export type MeaningLanguage = 'en' | 'zh' | 'es' | 'ja';
type Meaning = Record<MeaningLanguage, string>;

/**
 * What each permission key allows, in the four interface languages (operation-manage, role-manage).
 * Kept in the contract so the server's catalogue call and the web pages say the same thing.
 */
export const permissionMeanings: Record<PermissionKey, Meaning> = {
  binded_account: {
    en: 'Has a bound system account (follows the binding, cannot be granted)',
    zh: '已绑定系统账号（随绑定状态变化，不能授予）',
    es: 'Tiene una cuenta de sistema vinculada (sigue la vinculación, no se puede conceder)',
    ja: 'システムアカウントを連携済み（連携状態に従い、付与できません）',
  },
  change_user: {
    en: 'Switch to (impersonate) another user',
    zh: '切换（模拟）为其他用户',
    es: 'Cambiar a (suplantar) otro usuario',
    ja: '他のユーザーに切り替える（なりすまし）',
  },
  create_app_by_admin: {
    en: 'Manage all applications',
    zh: '管理所有应用',
    es: 'Gestionar todas las aplicaciones',
    ja: 'すべてのアプリケーションを管理',
  },
  query_partitions_admin: {
    en: 'Manage application parameters and partition storages',
    zh: '管理应用参数和分区存储',
    es: 'Gestionar parámetros de aplicaciones y almacenamiento de particiones',
    ja: 'アプリのパラメータとパーティションのストレージを管理',
  },
  manage_label: {
    en: 'Manage labels and label types',
    zh: '管理标签和标签类型',
    es: 'Gestionar etiquetas y tipos de etiqueta',
    ja: 'ラベルとラベル種別を管理',
  },
  query_by_group_name: {
    en: "View the jobs of the user's group",
    zh: '查看本组的作业',
    es: 'Ver los trabajos del grupo del usuario',
    ja: '所属グループのジョブを表示',
  },
  query_others_job: {
    en: "View every user's jobs",
    zh: '查看所有用户的作业',
    es: 'Ver los trabajos de todos los usuarios',
    ja: '全ユーザーのジョブを表示',
  },
  manage_monitor: {
    en: 'Monitor nodes, devices and events',
    zh: '监控节点、设备和事件',
    es: 'Supervisar nodos, dispositivos y eventos',
    ja: 'ノード・デバイス・イベントを監視',
  },
  metrics_manage: {
    en: 'Manage monitoring metrics',
    zh: '管理监控指标',
    es: 'Gestionar métricas de supervisión',
    ja: '監視メトリクスを管理',
  },
  query_book_stack: {
    en: 'Read the user guide',
    zh: '查看用户指南',
    es: 'Leer la guía de usuario',
    ja: 'ユーザーガイドを閲覧',
  },
  create_start_datasource: {
    en: 'Create and start data sources',
    zh: '创建并启动数据源',
    es: 'Crear e iniciar fuentes de datos',
    ja: 'データソースを作成・起動',
  },
  user_order_create_gadmin: {
    en: 'Group administrator: manage the members of the groups one administers',
    zh: '组管理员：管理所管理组的成员',
    es: 'Administrador de grupo: gestionar los miembros de los grupos que administra',
    ja: 'グループ管理者：管理するグループのメンバーを管理',
  },
  community_3rd_admin: {
    en: 'Community administrator: see the groups and users of the communities one administers',
    zh: '社区管理员：查看所管理社区的组和用户',
    es: 'Administrador de comunidad: ver los grupos y usuarios de las comunidades que administra',
    ja: 'コミュニティ管理者：管理するコミュニティのグループとユーザーを表示',
  },
  query_all_user: {
    en: 'View all users, groups, communities and sign-in records (changes nothing)',
    zh: '查看所有用户、组、社区和登录记录（不能修改）',
    es: 'Ver todos los usuarios, grupos, comunidades y registros de inicio de sesión (no cambia nada)',
    ja: 'すべてのユーザー・グループ・コミュニティとログイン記録を表示（変更不可）',
  },
  manage_message_template: {
    en: 'Manage message templates',
    zh: '管理消息模板',
    es: 'Gestionar plantillas de mensajes',
    ja: 'メッセージテンプレートを管理',
  },
  manage_ticket: {
    en: 'Support desk: see, assign and answer every ticket',
    zh: '工单客服：查看、分派并回复所有工单',
    es: 'Soporte: ver, asignar y responder todas las incidencias',
    ja: 'サポート：すべてのチケットを表示・割り当て・回答',
  },
  manage_all_user: {
    en: 'Manage all users, groups and communities: create, change, disable, group administrators, bulk update',
    zh: '管理所有用户、组和社区：创建、修改、停用、设置组管理员、批量更新',
    es: 'Gestionar todos los usuarios, grupos y comunidades: crear, cambiar, desactivar, administradores de grupo, actualización masiva',
    ja: 'すべてのユーザー・グループ・コミュニティを管理：作成・変更・無効化・グループ管理者・一括更新',
  },
  query_role: {
    en: 'Manage roles, their permission keys and who holds them (the top key: it can grant every other); read the outbox',
    zh: '管理角色、角色的权限项及其授予（最高权限：可授予其他所有权限）；查看发件箱',
    es: 'Gestionar roles, sus claves de permiso y quién los tiene (la clave superior: puede conceder todas las demás); leer la bandeja de salida',
    ja: 'ロール、その権限キーと付与先を管理（最上位キー：他のすべてを付与可能）；送信箱を閲覧',
  },
  online_goods_admin: {
    en: 'Manage the points mall shop',
    zh: '管理积分商城',
    es: 'Gestionar la tienda de puntos',
    ja: 'ポイントショップを管理',
  },
  'dchub-basic-admin': {
    en: 'Manage image hub user resources',
    zh: '管理镜像中心用户资源',
    es: 'Gestionar los recursos de usuario del repositorio de imágenes',
    ja: 'イメージハブのユーザーリソースを管理',
  },
  kcluster_cluster_user: {
    en: 'View the partition quotas of a cluster',
    zh: '查看集群的分区配额',
    es: 'Ver las cuotas de partición de un clúster',
    ja: 'クラスターのパーティションクォータを表示',
  },
  kcluster_clusters_admin: {
    en: 'Manage clusters and nodes',
    zh: '管理集群和节点',
    es: 'Gestionar clústeres y nodos',
    ja: 'クラスターとノードを管理',
  },
  query_kcluster_quotas_gadmin: {
    en: "Manage the cluster quotas of one's group's users",
    zh: '管理本组用户的集群配额',
    es: 'Gestionar las cuotas de clúster de los usuarios del grupo',
    ja: '所属グループのユーザーのクラスタークォータを管理',
  },
  query_partitions_user_quotas_ga: {
    en: "Manage the partition quotas of one's group's users",
    zh: '管理本组用户的分区配额',
    es: 'Gestionar las cuotas de partición de los usuarios del grupo',
    ja: '所属グループのユーザーのパーティションクォータを管理',
  },
  udt_client_manage: {
    en: 'Manage file systems and transfer clients',
    zh: '管理文件系统和传输客户端',
    es: 'Gestionar sistemas de archivos y clientes de transferencia',
    ja: 'ファイルシステムと転送クライアントを管理',
  },
  platform_monitor: {
    en: 'Open the external monitoring dashboard',
    zh: '打开外部监控面板',
    es: 'Abrir el panel de supervisión externo',
    ja: '外部監視ダッシュボードを開く',
  },
  get_star_documents_admin: {
    en: 'Manage documents and their labels',
    zh: '管理文档及其标签',
    es: 'Gestionar documentos y sus etiquetas',
    ja: 'ドキュメントとそのラベルを管理',
  },
  manage_mei: {
    en: 'Manage MEI labels',
    zh: '管理 MEI 标签',
    es: 'Gestionar etiquetas MEI',
    ja: 'MEI ラベルを管理',
  },
  query_all_audit: {
    en: 'Read the audit log of every user',
    zh: '查看所有用户的审计日志',
    es: 'Leer el registro de auditoría de todos los usuarios',
    ja: '全ユーザーの監査ログを閲覧',
  },
  manage_approval: {
    en: 'Manage approval flows',
    zh: '管理审批流程',
    es: 'Gestionar los flujos de aprobación',
    ja: '承認フローを管理',
  },
  query_all_user_approval: {
    en: "View every user's approvals",
    zh: '查看所有用户的审批',
    es: 'Ver las aprobaciones de todos los usuarios',
    ja: '全ユーザーの承認を表示',
  },
  get_user_statistic_data: {
    en: 'View user statistics',
    zh: '查看用户统计',
    es: 'Ver estadísticas de usuarios',
    ja: 'ユーザー統計を表示',
  },
  get_resources_statistic_data: {
    en: 'View resource statistics',
    zh: '查看资源统计',
    es: 'Ver estadísticas de recursos',
    ja: 'リソース統計を表示',
  },
};

/** The meaning in `language`, English when the language is not one of the four. */
export function permissionMeaning(key: PermissionKey, language: string): string {
  const meaning = permissionMeanings[key];
  return (meaning as Record<string, string | undefined>)[language] ?? meaning.en;
}
