import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { demoPassword } from './env';
import { openFromSidebar, signIn, tokenKey } from './helpers';

/** The real services of the Slurm journey, from the environment scripts/services-up.sh exports. */
const env = process.env;
export const ssh = {
  host: env.STARLIGHT_TEST_SSH_HOST ?? '127.0.0.1',
  port: Number(env.STARLIGHT_TEST_SSH_PORT ?? 2222),
  hostKey: env.STARLIGHT_TEST_SSH_HOSTKEY_SHA256 ?? '',
  key: env.STARLIGHT_TEST_SSH_KEY ?? '',
  shellKey: env.STARLIGHT_TEST_SSH_SHELL_KEY ?? (env.STARLIGHT_TEST_SSH_KEY ? path.join(path.dirname(env.STARLIGHT_TEST_SSH_KEY), 'shell_ed25519') : ''),
};
export const clusterName = env.SLURM_CLUSTER_NAME ?? 'devcluster';
export const missingSlurmEnv = ['SLURMRESTD_URL', 'SLURM_JWT_KEY_FILE', 'STARLIGHT_TEST_SSH_KEY', 'STARLIGHT_TEST_SSH_HOSTKEY_SHA256'].filter((n) => !env[n]);

const run = promisify(execFile);

/** As the account itself would: the file written over SFTP with the key authorised for that account. */
export async function sftpWrite(account: string, remoteName: string, text: string): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'starlight-e2e-sftp-'));
  try {
    const local = path.join(dir, 'upload');
    await writeFile(local, text);
    const child = run('sftp', ['-q', '-b', '-', '-i', ssh.key, '-P', String(ssh.port), '-o', 'BatchMode=yes', '-o', 'IdentitiesOnly=yes', '-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null', `${account}@${ssh.host}`]);
    child.child.stdin?.end(`put ${local} ${remoteName}\n`);
    await child;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function sftpRemove(account: string, remoteName: string): Promise<void> {
  const child = run('sftp', ['-q', '-b', '-', '-i', ssh.key, '-P', String(ssh.port), '-o', 'BatchMode=yes', '-o', 'IdentitiesOnly=yes', '-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null', `${account}@${ssh.host}`]);
  child.child.stdin?.end(`-rm ${remoteName}\n`);
  await child.catch(() => undefined);
}

/** `sbatch` on the cluster as the Unix account, outside the console (needs root for runuser). */
export async function sbatchAs(account: string, name: string, command: string): Promise<string> {
  const { stdout } = await run('runuser', ['-u', account, '--', 'sbatch', '--parsable', '-p', 'debug', '-D', `/home/${account}`, '-J', name, '--wrap', command]);
  return stdout.trim().split(';')[0]!;
}

export const scancel = (jobId: string) => run('scancel', [jobId]).then(() => undefined, () => undefined);

export async function adminToken(request: APIRequestContext, password: string): Promise<string> {
  const login = await request.post('/api/keystone/short_term_token/name', { data: { name: 'admin', password } });
  return ((await login.json()) as { spec: { token: string } }).spec.token;
}

/**
 * Registers the real cluster the way an administrator would (POST /kcluster/cluster) from the env, and
 * offers a web shell on its debug partition when the web shell key exists.
 */
export async function registerSlurmCluster(request: APIRequestContext, token: string): Promise<{ webShell: boolean }> {
  const headers = { 'Bihu-Token': token };
  const withShell = existsSync(ssh.shellKey);
  const created = await request.post('/api/kcluster/cluster', {
    headers,
    data: {
      name: clusterName,
      driver: 'slurm',
      settings: {
        rest_url: env.SLURMRESTD_URL,
        jwt_key_file: env.SLURM_JWT_KEY_FILE,
        default_account: 'research',
        ssh: { host: ssh.host, port: ssh.port, host_key_sha256: ssh.hostKey, key_file: ssh.key, ...(withShell ? { shell_key_file: ssh.shellKey } : {}) },
      },
    },
  });
  const reply = (await created.json()) as { code: number; info: string };
  // 1409: an earlier spec of this run (same server) registered it already
  if (reply.code !== 200 && reply.code !== 1409) throw new Error(`registering the Slurm cluster: ${reply.code} ${reply.info}`);
  // a new cluster is nobody's until granted (modules/quotas): demo-lab, the demo users' group, gets both partitions
  for (const partition of ['debug', 'long']) {
    const granted = (await (await request.post('/api/kcluster/partition_quota', { headers, data: { cluster_name: clusterName, partition_name: partition, group_name: 'demo-lab' } })).json()) as { code: number; info: string };
    if (granted.code !== 200 && granted.code !== 1409) throw new Error(`granting ${partition} to demo-lab: ${granted.code} ${granted.info}`);
  }
  if (!withShell) return { webShell: false };
  const parts = (await (await request.get(`/api/kcluster/partitions?field_eq_cluster_name=${clusterName}`, { headers })).json()) as { spec: { list: { id: number; name: string }[] } };
  const debug = parts.spec.list.find((p) => p.name === 'debug');
  if (!debug) throw new Error('the Slurm cluster has no debug partition');
  const set = (await (await request.patch('/api/kcluster/partition_webssh', { headers, data: { partition_id: debug.id, enabled: true } })).json()) as { code: number; info: string };
  if (set.code !== 200) throw new Error(`enabling the web shell: ${set.code} ${set.info}`);
  return { webShell: true };
}

export const proofFile = '.starlight-bind';

/** /bind on a Slurm cluster: the server asks for proof, the uuid goes into ~/.starlight-bind over SFTP as the account, then it binds. */
export async function bindThroughThePage(page: Page, who: { user: string; account: string }) {
  await signIn(page, who.user, demoPassword);
  await bindSignedIn(page, who);
}

/** The /bind steps for a user already signed in (it ends signed out, on /login). */
async function bindSignedIn(page: Page, who: { user: string; account: string }) {
  await page.goto('/bind');
  await page.getByTestId('bind-account').fill(who.account);
  await page.getByTestId('bind-submit').click();
  const proof = page.getByTestId('bind-proof');
  await expect(proof).toContainText(proofFile);
  const command = (await proof.locator('code').first().textContent()) ?? '';
  const uuid = /echo (\S+) >/.exec(command)?.[1];
  expect(uuid).toBeTruthy();
  await sftpWrite(who.account, proofFile, `${uuid}\n`);
  await page.getByTestId('bind-submit').click();
  await expect(page.getByText('bound successfully, please log in again')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
}

/** Signs in; binds first through /bind when the user is not bound yet (another spec of the run may have). */
export async function signInBound(page: Page, who: { user: string; account: string }) {
  await signIn(page, who.user, demoPassword);
  const code = await page.evaluate(async (key) => {
    const res = await fetch('/api/storage/user_storage_path', { headers: { 'Bihu-Token': localStorage.getItem(key) ?? '' } });
    return ((await res.json()) as { code: number }).code;
  }, tokenKey);
  if (code === 200) return;
  await bindSignedIn(page, who);
  await sftpRemove(who.account, proofFile);
  await signIn(page, who.user, demoPassword);
}

/**
 * The cluster's storage `home` (/home/{account} on the login node, over SFTP as the bound account), the
 * way an administrator offers it: the filesystem, then related to every partition (spec §5). 1409: done already.
 */
export async function offerSshStorage(request: APIRequestContext, token: string): Promise<void> {
  const headers = { 'Bihu-Token': token };
  const made = (await (await request.post('/api/kcluster/filesystems', { headers, data: { name: 'home', cluster_name: clusterName, driver: 'ssh', root: '/home/{account}' } })).json()) as { code: number; info: string };
  if (made.code !== 200 && made.code !== 1409) throw new Error(`creating the ssh storage: ${made.code} ${made.info}`);
  const parts = (await (await request.get(`/api/kcluster/partitions?field_eq_cluster_name=${clusterName}`, { headers })).json()) as { spec: { list: { name: string }[] } };
  for (const { name } of parts.spec.list) {
    const related = (await (await request.post('/api/kcluster/partStoRel', { headers, data: { cluster_name: clusterName, partition_name: name, storage_name: 'home' } })).json()) as { code: number; info: string };
    if (related.code !== 200 && related.code !== 1409) throw new Error(`relating ${name} to the ssh storage: ${related.code} ${related.info}`);
  }
}

/** /job/myjobs → the submit drawer: a job to the real cluster's debug partition (the drawer is left to the caller). */
export async function submitOnSlurm(page: Page, name: string, script: string, timeLimitMinutes?: number) {
  await openFromSidebar(page, '/job/myjobs');
  await page.getByTestId('submit-job-open').click();
  await page.getByTestId('submit-cluster').click();
  await page.locator('.ant-select-item-option').filter({ hasText: clusterName }).click();
  await page.getByTestId('submit-partition').click();
  await page.locator('.ant-select-item-option').filter({ hasText: /^debug/ }).click();
  await page.getByTestId('submit-name').fill(name);
  await page.getByTestId('submit-script').fill(script);
  if (timeLimitMinutes !== undefined) await page.getByTestId('submit-time-limit').fill(String(timeLimitMinutes));
  await page.getByTestId('submit-job').click();
}
