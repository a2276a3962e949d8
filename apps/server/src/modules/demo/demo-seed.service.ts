import { MessageStatus } from '@starlight/contract/messages';
import { StatusBit } from '@starlight/contract/permissions';
import { newPassword } from '../../lib/secrets';
import type { AccountsService, NewAccount } from '../identity/accounts.service';
import type { SendMessage } from '../messages/send.service';

export const demoGroup = 'demo-lab';
export const demoAuditorRole = 'demo-auditor';

type DemoAccount = Omit<NewAccount, 'password' | 'groupId'> & { groupAdmin?: boolean };

/** One user per audience the console distinguishes (spec §1, §6). */
const demoAccounts: readonly DemoAccount[] = [
  { userName: 'demo-user', realName: 'Demo User', email: 'demo-user@example.com', telephone: '13800000001' },
  {
    userName: 'demo-bound',
    realName: 'Demo Bound User',
    email: 'demo-bound@example.com',
    status: StatusBit.boundAccount,
    systemAccount: 'demo_lab_bound',
  },
  {
    userName: 'demo-gadmin',
    realName: 'Demo Group Admin',
    email: 'demo-gadmin@example.com',
    status: StatusBit.boundAccount,
    systemAccount: 'demo_lab_gadmin',
    groupAdmin: true,
  },
  { userName: 'demo-auditor', realName: 'Demo Auditor', email: 'demo-auditor@example.com', roles: [demoAuditorRole] },
];

const hour = 60 * 60 * 1000;
const demoMessages = [
  { title: 'Welcome to Starlight', content: 'Your account is ready. Bind a system account to submit jobs.', status: MessageStatus.read, ageH: 72 },
  { title: 'Scheduled maintenance', content: 'The login nodes restart on Saturday 02:00–04:00.', status: MessageStatus.unread, ageH: 26 },
  { title: 'Quota updated', content: 'Your group quota on partition cpu was raised to 20,000 核时.', status: MessageStatus.unread, ageH: 2 },
];

export interface DemoSeedResult {
  created: { userName: string; password: string }[];
  passwordFromConfig: boolean;
}

/**
 * Demo data (--demo / STARLIGHT_DEMO=1), idempotent: existing demo users are left as they are,
 * so a second run creates nothing and prints no password.
 */
export function createDemoSeed({ accounts, send, now = () => new Date() }: { accounts: AccountsService; send: SendMessage; now?: () => Date }) {
  return {
    async seed(configuredPassword: string | null): Promise<DemoSeedResult> {
      const groupId = await accounts.ensureGroup(demoGroup, 'Demo research group');
      await accounts.defineRole(
        { name: demoAuditorRole, description: 'Demo: reads users and the audit log', builtin: false },
        ['query_all_user', 'query_all_audit'],
      );
      const created: DemoSeedResult['created'] = [];
      for (const { groupAdmin, ...account } of demoAccounts) {
        if ((await accounts.findUserId(account.userName)) !== null) continue;
        const password = configuredPassword ?? newPassword();
        const userId = await accounts.createUser({ ...account, password, groupId });
        if (userId === null) continue;
        if (groupAdmin) await accounts.addGroupAdmin(groupId, userId);
        // seeded in creation order (the bell and the list sort by time); kind notice is on by default
        for (const { ageH, content, ...message } of demoMessages)
          await send({ userId, kind: 'notice', body: content, ...message, createdAt: new Date(now().getTime() - ageH * hour) });
        created.push({ userName: account.userName, password });
      }
      return { created, passwordFromConfig: configuredPassword !== null };
    },
  };
}

export type DemoSeed = ReturnType<typeof createDemoSeed>;
