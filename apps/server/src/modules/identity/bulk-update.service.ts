import { bulkUpdateColumns, bulkUpdateMaxRows, type BulkUpdateReport } from '@starlight/contract/admin';
import { emailProblem, mobileProblem, passwordSchema, usernameProblem } from '@starlight/contract/validators';
import { hashPassword } from '../../lib/passwords';
import { fieldError, type AdminContext, type AuditWriter } from './admin-context';
import type { AdminGroupsRepo } from './admin-groups.repo';
import type { AdminUsersRepo } from './admin-users.repo';
import type { UsersRepo } from './users.repo';

type Column = (typeof bulkUpdateColumns)[number];
type Row = Partial<Record<Column, string>>;

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else field += c;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

interface Deps {
  users: UsersRepo;
  adminUsers: AdminUsersRepo;
  adminGroups: AdminGroupsRepo;
  audit: AuditWriter;
  now: () => Date;
}

/**
 * POST /user/update (TIMEOUT 3600): users from a CSV, one report. Existing users get the
 * non-empty cells of their row; a new user needs a password cell. Rows are independent: a bad
 * row is reported and skipped, the others apply. At most bulkUpdateMaxRows rows.
 */
export function createBulkUpdateService({ users, adminUsers, adminGroups, audit, now }: Deps) {
  async function problemsOf(row: Row, exists: boolean): Promise<{ field: string; message: string } | null> {
    const name = row.user_name ?? '';
    if (!exists) {
      const nameProblem = usernameProblem(name);
      if (nameProblem) return { field: 'user_name', message: nameProblem };
      // user and group names share the image hub's namespaces
      if (await users.groupNamed(name)) return { field: 'user_name', message: 'the name of a group' };
      if (!row.password) return { field: 'password', message: 'a new user needs a password' };
    }
    if (row.password) {
      const result = passwordSchema.safeParse(row.password);
      if (!result.success) return { field: 'password', message: result.error.issues[0]?.message ?? 'invalid' };
    }
    if (row.email && emailProblem(row.email)) return { field: 'email', message: emailProblem(row.email) ?? '' };
    if (row.telephone && mobileProblem(row.telephone)) return { field: 'telephone', message: mobileProblem(row.telephone) ?? '' };
    if (row.state && row.state !== 'active' && row.state !== 'disabled') return { field: 'state', message: 'active or disabled' };
    if (row.group_name && !(await adminGroups.find(row.group_name))) return { field: 'group_name', message: 'no such group' };
    return null;
  }

  return {
    async run(ctx: AdminContext, input: { csv: string; dry_run: boolean }): Promise<BulkUpdateReport> {
      const [header, ...lines] = parseCsv(input.csv);
      const columns = (header ?? []).map((cell) => cell.trim().toLowerCase());
      const unknown = columns.filter((c) => !(bulkUpdateColumns as readonly string[]).includes(c));
      if (!columns.includes('user_name')) throw fieldError('body.csv', 'the header row must name a user_name column');
      if (unknown.length > 0) throw fieldError('body.csv', `unknown columns: ${unknown.join(', ')}`);
      if (lines.length > bulkUpdateMaxRows) throw fieldError('body.csv', `at most ${bulkUpdateMaxRows} rows`);

      const report: BulkUpdateReport = { rows: lines.length, created: 0, updated: 0, unchanged: 0, failed: [], dry_run: input.dry_run };
      const seen = new Set<string>();
      for (const [index, cells] of lines.entries()) {
        const line = index + 2;
        const row: Row = {};
        columns.forEach((column, i) => {
          const value = (cells[i] ?? '').trim();
          if (value !== '') row[column as Column] = column === 'email' || column === 'user_name' ? value.toLowerCase() : value;
        });
        const userName = row.user_name ?? '';
        const fail = (field: string, message: string) => report.failed.push({ line, user_name: userName, field, message });
        if (seen.has(userName)) {
          fail('user_name', 'appears twice in the file');
          continue;
        }
        seen.add(userName);
        const existing = userName ? await users.findByUserName(userName) : undefined;
        const problem = await problemsOf(row, existing !== undefined);
        if (problem) {
          fail(problem.field, problem.message);
          continue;
        }
        const group = row.group_name ? await adminGroups.find(row.group_name) : undefined;
        try {
          if (!existing) {
            if (!input.dry_run) {
              const created = await users.insertWithRoles(
                {
                  userName,
                  passwordHash: await hashPassword(row.password ?? ''),
                  email: row.email ?? null,
                  telephone: row.telephone ?? null,
                  realName: row.real_name ?? null,
                  groupId: group?.id ?? null,
                  disabled: row.state === 'disabled',
                },
                [],
              );
              if (!created) {
                fail('user_name', 'the user name, email or phone number has been registered');
                continue;
              }
            }
            report.created++;
            continue;
          }
          const changes: Parameters<AdminUsersRepo['update']>[1] = {};
          if (row.real_name !== undefined && row.real_name !== existing.realName) changes.realName = row.real_name;
          if (row.email !== undefined && row.email !== existing.email) changes.email = row.email;
          if (row.telephone !== undefined && row.telephone !== existing.telephone) changes.telephone = row.telephone;
          if (row.password !== undefined) changes.passwordHash = await hashPassword(row.password);
          const moveGroup = group !== undefined && group.id !== existing.groupId;
          const disable = row.state === undefined ? undefined : row.state === 'disabled';
          const toggle = disable !== undefined && disable !== existing.disabled;
          if (toggle && existing.id === ctx.actor.userId) {
            fail('state', 'you cannot disable yourself');
            continue;
          }
          if (Object.keys(changes).length === 0 && !moveGroup && !toggle) {
            report.unchanged++;
            continue;
          }
          if (!input.dry_run) {
            if (Object.keys(changes).length > 0 && (await adminUsers.update(existing.id, changes)) === 'conflict') {
              fail('email', 'the email or phone number has been registered');
              continue;
            }
            if (moveGroup) await adminGroups.setMembership(existing.id, group.id, existing.groupId);
            if (toggle) await adminUsers.setDisabled(existing.id, disable, now());
          }
          report.updated++;
        } catch (error) {
          fail('user_name', error instanceof Error ? error.message : 'failed');
        }
      }
      if (!input.dry_run)
        await audit(ctx, 'user_bulk_update', `users:${lines.length}`, `created ${report.created}, updated ${report.updated}, failed ${report.failed.length}`);
      return report;
    },
  };
}

export type BulkUpdateService = ReturnType<typeof createBulkUpdateService>;
