import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { access, constants, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cwltoolValidate } from './cwltool-validate';
import { findBwrap, findCwltool } from './engine-binaries';
import { runConfined, sandboxInstallHint, sandboxUserName, sandboxLimits } from './sandbox';

/*
 * The validation sandbox for real (issue 19): bubblewrap as the `starlight-cwl` user. What it must hold even when a
 * reference slips past the contract's pre-check: no host file outside /usr (a root-only canary, the Slurm key),
 * no network (a loopback HTTP server that records hits), not root, not the server's user, limits that stop it.
 */
const ready = (await findBwrap()) !== null && (await findCwltool()) !== null && process.getuid?.() === 0;
if (!ready && process.env.CI === 'true') throw new Error('the sandbox test needs root, bubblewrap and cwltool: scripts/services/cwl-up.sh installs them');

const secret = `canary-${randomBytes(16).toString('hex')}`;
const canary = path.join(os.tmpdir(), `starlight-canary-${randomBytes(4).toString('hex')}`);
let server: Server;
let hits = 0;
let url = '';

beforeAll(async () => {
  await writeFile(canary, `${secret}\n`, { mode: 0o600 });
  server = createServer((_req, res) => {
    hits += 1;
    res.end(`${secret}\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x.yml`;
});
afterAll(async () => {
  await rm(canary, { force: true });
  await new Promise((resolve) => server.close(resolve));
});

const sh = (script: string, files: Record<string, string> = {}) => runConfined('/usr/bin/sh', ['-c', script], files);

it('without bubblewrap runs nothing and says what to install', async () => {
  const result = await runConfined('/usr/bin/true', [], {}, sandboxLimits, async () => null);
  expect(result).toEqual({ available: false, reason: sandboxInstallHint });
  expect(sandboxInstallHint).toMatch(/apt-get install bubblewrap/);
});

it('refuses a program outside /usr, which the sandbox would not see', async () => {
  const result = await runConfined('/opt/cwltool', [], {}, sandboxLimits, async () => '/usr/bin/bwrap');
  expect(result).toMatchObject({ available: false, reason: expect.stringMatching(/outside \/usr/) });
});

describe.skipIf(!ready)('runConfined (bubblewrap as starlight-cwl)', () => {
  it('runs as the dedicated unprivileged user, neither root nor the server', async () => {
    const result = await sh('id -u; id -g; id -G');
    const uid = Number(execFileSync('id', ['-u', sandboxUserName]).toString());
    expect(uid).toBeGreaterThan(0);
    expect(uid).toBeLessThan(1000);
    expect(result).toMatchObject({ available: true, code: 0 });
    const [seenUid, , groups] = (result as { output: string }).output.trim().split('\n');
    expect(Number(seenUid)).toBe(uid);
    expect(groups!.split(' ')).not.toContain('0');
  });

  it('sees only /usr (and its links), /etc/alternatives, /proc, /dev, an empty /tmp and the app at /app', async () => {
    const result = await sh('ls -A /; echo --; ls -A /etc; echo --; ls -A /tmp; echo --; ls -A /app /app/sub; echo --; pwd', { 'main.cwl': 'x', 'sub/t.cwl': 'y' });
    const [root, etc, tmp, app, cwd] = (result as { output: string }).output.split('--\n').map((part) => part.trim().split('\n').filter(Boolean));
    const links = ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32'].filter((name) => root!.includes(name));
    expect(root!.sort()).toEqual(['app', 'dev', 'etc', 'proc', 'tmp', 'usr', ...links].sort());
    expect(etc).toEqual(['alternatives']);
    expect(tmp).toEqual([]);
    expect(app!.join(' ')).toMatch(/main\.cwl.*sub.*t\.cwl/);
    expect(cwd).toEqual(['/app']);
  });

  it('reads no host file: the root-only canary, /etc/shadow, the Slurm key, the server data are absent', async () => {
    const result = await sh(`cat ${canary} /etc/shadow /etc/slurm/jwt_hs256.key /etc/passwd ${process.cwd()}/package.json; ls /root /home /var`);
    expect(result).toMatchObject({ available: true });
    const { code, output } = result as { code: number; output: string };
    expect(code).not.toBe(0);
    expect(output).not.toContain(secret);
    expect(output.match(/No such file or directory/g)?.length).toBe(8);
  });

  it('has no network: the loopback HTTP server is never reached', async () => {
    const result = await runConfined('/usr/bin/python3', ['-c', `import urllib.request; urllib.request.urlopen(${JSON.stringify(url)}, timeout=3)`], {});
    expect((result as { code: number }).code).not.toBe(0);
    expect((result as { output: string }).output).toMatch(/Network is unreachable|Connection refused|URLError/);
    expect(hits).toBe(0);
  });

  it('stops at the time limit, leaving no process and no throwaway directory behind', async () => {
    const before = (await readdir(os.tmpdir())).filter((n) => n.startsWith('starlight-cwl-'));
    const started = Date.now();
    const result = await runConfined('/usr/bin/sh', ['-c', 'sleep 31.4159 & sleep 31.4159'], {}, { timeoutMs: 1500, memoryBytes: 2 * 1024 ** 3, cpuSeconds: 60 });
    expect(result).toMatchObject({ available: true, code: 124 });
    expect(Date.now() - started).toBeLessThan(10_000);
    // the sandbox's pid namespace dies with bubblewrap (killed on the time limit); the kernel takes a moment
    const sleepers = () => execFileSync('ps', ['-e', '-o', 'args=']).toString().split('\n').filter((line) => line.includes('31.4159'));
    for (let i = 0; i < 30 && sleepers().length; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sleepers()).toEqual([]);
    expect((await readdir(os.tmpdir())).filter((n) => n.startsWith('starlight-cwl-'))).toEqual(before);
  });

  it('is held to its memory limit', async () => {
    const result = await runConfined('/usr/bin/python3', ['-c', 'x = bytearray(600 * 1024 * 1024); print("allocated")'], {}, { timeoutMs: 30_000, memoryBytes: 256 * 1024 ** 2, cpuSeconds: 30 });
    expect((result as { output: string }).output).toMatch(/MemoryError/);
    expect((result as { output: string }).output).not.toMatch(/allocated/);
  });

  it('cwltool --validate itself, handed references the pre-check would refuse, reads nothing of the host', async () => {
    const tool = (include: string) => `cwlVersion: v1.2\nclass: CommandLineTool\nbaseCommand: "true"\nsuccessCodes: [{$include: ${JSON.stringify(include)}}]\ninputs: []\noutputs: []\n`;
    for (const include of [canary, `file://${canary}`, `../../../../../../../..${canary}`, '/etc/slurm/jwt_hs256.key', url]) {
      const result = await cwltoolValidate({ 'main.cwl': tool(include) }, 'main.cwl');
      expect(result).toMatchObject({ available: true, valid: false });
      expect((result as { output: string }).output).not.toContain(secret);
      expect((result as { output: string }).output).toMatch(/No such file or directory|Network is unreachable|Connection refused|Max retries|Failed to establish/);
    }
    expect(hits).toBe(0);
  }, 120_000);
});

/*
 * A server that is not root (a developer's laptop) cannot switch users: the sandbox then runs as the server's own
 * user, and the namespaces alone hide the host. Played for real by running this module as `nobody` (uid 65534):
 * a file `nobody` may read outside /usr is still not there. Needs the checkout to be readable by `nobody`
 * (skipped with the reason otherwise, e.g. a checkout under /root).
 */
const tsx = path.resolve(import.meta.dirname, '../../../../../node_modules/.bin/tsx');
const nobodyCanRead = ready && spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'test', '-r', path.join(import.meta.dirname, 'sandbox.ts')]).status === 0 && (await access(tsx, constants.X_OK).then(() => true, () => false));
if (ready && !nobodyCanRead) console.warn('sandbox.test.ts: the non-root case is skipped: nobody cannot read this checkout');

describe.runIf(nobodyCanRead)('runConfined on a server that is not root', () => {
  it("runs as the server's own user, and still sees no host file outside /usr", async () => {
    const open = path.join(os.tmpdir(), `starlight-open-${randomBytes(4).toString('hex')}`);
    await writeFile(open, `${secret}\n`, { mode: 0o644 }); // readable by every user of the host
    const script = path.join(os.tmpdir(), `starlight-nonroot-${randomBytes(4).toString('hex')}.mts`);
    await writeFile(script, `import { runConfined } from ${JSON.stringify(path.join(import.meta.dirname, 'sandbox.ts'))};\nconsole.log(JSON.stringify(await runConfined('/usr/bin/sh', ['-c', 'id -u; cat /app/a.txt; cat ${open} || echo hidden'], { 'a.txt': 'mine\\n' })));\n`, { mode: 0o644 });
    try {
      const child = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', tsx, script], { cwd: os.tmpdir(), env: { PATH: '/usr/bin:/bin', HOME: os.tmpdir() }, encoding: 'utf8', timeout: 60_000 });
      expect(spawnSync('sh', ['-c', `setpriv --reuid=65534 --regid=65534 --clear-groups cat ${open}`], { encoding: 'utf8' }).stdout).toContain(secret); // nobody could read it outside
      const result = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { available: boolean; code: number; output: string };
      expect(result).toMatchObject({ available: true });
      expect(result.output.split('\n').slice(0, 2)).toEqual(['65534', 'mine']);
      expect(result.output).toContain('hidden');
      expect(result.output).not.toContain(secret);
    } finally {
      await rm(open, { force: true });
      await rm(script, { force: true });
    }
  }, 90_000);
});
