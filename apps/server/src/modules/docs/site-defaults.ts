import type { BookAccess } from '@starlight/contract/docs';

interface SeedBook {
  name: string;
  description: string;
  access: BookAccess;
  position: number;
  documents: { slug: string | null; title: string; body: string }[];
}

/**
 * What a fresh install shows (an admin edits it in /docoline): the public /recruit and /test pages and a
 * first user-guide book. Bilingual, as the server's other generated texts are (users have no stored language).
 */
export const siteDefaults: SeedBook[] = [
  {
    name: '站点页面 / Site pages',
    description: 'Public pages: /recruit, /test',
    access: 'public',
    position: 0,
    documents: [
      {
        slug: 'recruit',
        title: '加入我们 / Join us',
        body: '## 加入我们\n\n我们在招聘高性能计算与平台工程方向的工程师。请将简历发送给站点管理员。\n\n## Join us\n\nWe are hiring engineers for high-performance computing and the platform. Send your CV to the site administrator.\n',
      },
      {
        slug: 'test',
        title: '试用说明 / Trial',
        body: '## 试用\n\n注册账号并绑定集群账号后即可提交作业、使用存储与应用。\n\n## Trial\n\nRegister, bind a cluster account, then submit jobs and use storage and applications.\n',
      },
    ],
  },
  {
    name: '用户指南 / User guide',
    description: 'How to use the console',
    access: 'guide',
    position: 1,
    documents: [
      {
        slug: 'getting-started',
        title: '快速入门 / Getting started',
        body: '# 快速入门\n\n1. 登录控制台。\n2. 在“绑定账号”页面绑定集群账号。\n3. 在“作业管理”中提交作业，查看核时消耗。\n\n# Getting started\n\n1. Sign in.\n2. Bind a cluster account on the *Bind account* page.\n3. Submit jobs under *Jobs* and follow the core-hours they use.\n',
      },
      {
        slug: 'data-transfer',
        title: '数据传输 / Data transfer',
        body: '# 数据传输\n\n在“数据管理”中登记 SFTP、WebDAV 或 S3 数据源，启动后文件会被复制到您的存储中，并附带校验和报告。\n\n# Data transfer\n\nRegister an SFTP, WebDAV or S3 data source under *Data management*; starting it copies the files into your storage with a checksum report.\n',
      },
    ],
  },
];
