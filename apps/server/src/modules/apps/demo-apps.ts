import type { PermissionKey } from '@starlight/contract/permissions';
import type { Actor } from '../../lib/actor';
import type { AccountsService } from '../identity/accounts.service';
import type { AppsService } from './apps.service';
import { wrfApp } from './wrf';

/** `--demo` only: real example apps a new user can launch in minutes (spec issue 10, "Real components"). */
export const demoApps: { name: string; icon: string; cwl: string }[] = [
  {
    name: 'word-count',
    icon: '🔢',
    cwl: `cwlVersion: v1.2
class: CommandLineTool
label: Word count
doc: Counts the lines, words and bytes of a text file (wc).
baseCommand: [wc, -l, -w, -c]
inputs:
  file:
    type: File
    label: Text file
    inputBinding: {position: 1}
stdout: counts.txt
outputs:
  counts:
    type: stdout
`,
  },
  {
    name: 'sort-lines',
    icon: '🔤',
    cwl: `cwlVersion: v1.2
class: CommandLineTool
label: Sort lines
doc: Sorts the lines of a text file (sort), optionally numerically or in reverse.
baseCommand: sort
inputs:
  numeric:
    type: boolean?
    label: Numeric order
    inputBinding: {prefix: -n, position: 1}
  reverse:
    type: boolean
    default: false
    label: Reverse order
    inputBinding: {prefix: -r, position: 2}
  file:
    type: File
    label: Text file
    inputBinding: {position: 3}
stdout: sorted.txt
outputs:
  sorted:
    type: stdout
`,
  },
  {
    name: 'sort-and-count',
    icon: '🔀',
    cwl: `cwlVersion: v1.2
class: Workflow
label: Sort and count
doc: Sorts each file, then counts the words of each sorted file (two steps, each scattered over the files).
requirements:
  ScatterFeatureRequirement: {}
inputs:
  files:
    type: File[]
    label: Text files
outputs:
  sorted:
    type: File[]
    outputSource: sort/sorted
  counts:
    type: File[]
    outputSource: count/counts
steps:
  sort:
    run: sort-lines.cwl
    scatter: file
    in:
      file: files
    out: [sorted]
  count:
    run: word-count.cwl
    scatter: file
    in:
      file: sort/sorted
    out: [counts]
`,
  },
];

/** Platform apps, public; kept when they exist (an administrator's edits are never overwritten). */
export async function seedDemoApps(apps: AppsService, accounts: Pick<AccountsService, 'findUserId'>, log: (error: unknown, context: string) => void, list = demoApps): Promise<void> {
  const adminId = await accounts.findUserId('admin');
  if (adminId === null) return;
  const actor: Actor = { userId: adminId, userName: 'admin', status: 0, permissions: ['create_app_by_admin'] as PermissionKey[], sessionId: 0, tokenType: 'shortTerm' };
  for (const demo of list) {
    try {
      await apps.get(actor, demo.name);
      continue;
    } catch {
      // not there yet
    }
    await apps
      .create(actor, { name: demo.name, icon: demo.icon, cwl: demo.cwl, main_file: `${demo.name}.cwl`, visibility: 'public', owner_kind: 'platform' }, { trusted: true })
      .catch((error: unknown) => log(error, `seeding the demo app ${demo.name}`));
  }
}

/** Apps every site gets (not only --demo): the WRF case page launches `wrf` (spec §2 /storage/wrf). */
export const shippedApps = [wrfApp];
export const seedShippedApps = (apps: AppsService, accounts: Pick<AccountsService, 'findUserId'>, log: (error: unknown, context: string) => void) => seedDemoApps(apps, accounts, log, shippedApps);
