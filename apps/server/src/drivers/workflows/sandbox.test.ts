import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, rm, writeFile } from 'node:fs/promises';
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
