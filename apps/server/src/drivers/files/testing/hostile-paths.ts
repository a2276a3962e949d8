import { Code } from '@starlight/contract/codes';
import type { DriverHarness } from './driver-harness';

/** What the rows are built from: known before the harness exists only as placeholders. */
export type HostileContext = Pick<DriverHarness, 'run' | 'aliceHome' | 'bobHome'>;

/**
 * Paths an attacker (or a confused client) sends, each with the code every operation must answer.
 * Built per harness, since homes, the suite's run directory and the outside directory differ
 * between drivers. `plantLinks` creates the links the symlink rows rely on, with the raw access
 * (as alice over SFTP, or plain fs): the driver itself has no call that makes links.
 */

export interface HostilePath {
  label: string;
  path: string;
  /** What every operation answers (several allowed where drivers legitimately differ). */
  codes: readonly number[];
  /**
   * The path names a link itself: acting on the link (remove, rename away) is legitimate, and a new
   * entry cannot be made there (mkdir, copy to, rename to answer 1409, the name is taken).
   */
  finalLink?: boolean;
  /** Points at real system files: only probes that cannot destroy anything even if a check failed. */
  readOnly?: boolean;
}

const bad = [Code.invalidInput];
const out = [Code.forbidden];

export function hostilePaths(h: HostileContext): HostilePath[] {
  const r = h.run;
  const rows: [string, string, readonly number[], Partial<HostilePath>?][] = [
    // climbing with ..
    ['parent', '..', out],
    ['parent then name', '../x', out],
    ['down then two up', 'a/../../x', out],
    ['dot then up', './../x', out],
    ['two down three up', 'a/b/../../../x', out],
    ['run dir then above home', `${r}/../../x`, out],
    ['dot segments around ..', `${r}/./.././../x`, out],
    // absolute paths
    ['absolute system file', '/etc/passwd', out, { readOnly: true }],
    ['the root', '/', out, { readOnly: true }],
    ['doubled slashes', '//etc//shadow', out, { readOnly: true }],
    ['another user by /home', '/home/bob/x', out],
    ["bob's real home", `${h.bobHome}/x`, out],
    ['own home then ..', `${h.aliceHome}/../bob/x`, out],
    ['own home as a prefix of another name', `${h.aliceHome}x/evil`, out],
    ['own home, run dir, then up to /etc', `${h.aliceHome}/${r}/../../../../../../etc/passwd`, out, { readOnly: true }],
    // bytes that are not names
    ['NUL inside', 'a\u0000b', bad],
    ['NUL alone', '\u0000', bad],
    ['NUL extension trick', `${r}/seed.txt\u0000.jpg`, bad],
    ['newline', 'a\nb', bad],
    ['carriage return', 'a\rb', bad],
    ['tab', 'a\tb', bad],
    ['escape (terminal control)', 'a\u001b[2Jb', bad],
    ['DEL', 'a\u007fb', bad],
    ['NEL (C1 newline)', 'a\u0085b', bad],
    ['line separator', 'a\u2028b', bad],
    ['lone surrogate', 'a\ud800b', bad],
    ['backslash ..', '..\\..\\x', bad],
    ['backslash inside', 'a\\b', bad],
    ['drive letter', 'C:\\Windows\\win.ini', bad],
    ['empty', '', bad],
    ['name of 256 bytes', 'x'.repeat(256), bad],
    ['name of 256 UTF-8 bytes in 128 characters', 'é'.repeat(128), bad],
    ['path over 4096 bytes', 'a/'.repeat(2049), bad],
    ['our temporary-file prefix', '.starlight-part-0123456789abcdef', bad],
    ['our temporary-file prefix deeper', `${r}/.starlight-part-x`, bad],
    // through a link that leads out
    ['through a link to /etc', `${r}/link-etc/passwd`, out, { readOnly: true }],
    ['new name through a link to /etc', `${r}/link-etc/starlight-probe`, out],
    ["through a link to bob's home", `${r}/link-bob/x`, out],
    ['through a link to a writable outside dir', `${r}/link-outside/secret.txt`, out],
    ['new name through a link to a writable outside dir', `${r}/link-outside/new`, out],
    ['through a chain of links (inside → outside)', `${r}/chain1/secret.txt`, out],
    ['through a dir link in the middle', `${r}/dir/mid-link/sub/x`, out],
    ['through a relative link climbing to /', `${r}/rel-escape/etc/passwd`, out, { readOnly: true }],
    ["through a link to home/.., then into bob's", `${r}/up2/bob/x`, out],
    ['through a link loop', `${r}/loop-a/x`, [Code.invalidInput, Code.forbidden, Code.notFound, Code.dirMissing]],
    // the link itself, followed
    ['link to /etc', `${r}/link-etc`, out, { finalLink: true }],
    ['link to a writable outside dir', `${r}/link-outside`, out, { finalLink: true }],
    ["link to bob's home", `${r}/link-bob`, out, { finalLink: true }],
    ['chain of links ending outside', `${r}/chain1`, out, { finalLink: true }],
    ['dangling link into a missing outside dir', `${r}/dangling-out`, out, { finalLink: true }],
    ['dangling link to a new outside file', `${r}/dangling-out2`, out, { finalLink: true }],
    ['relative link to /etc/passwd', `${r}/rel-escape-file`, out, { finalLink: true, readOnly: true }],
    ['link to a sibling named like the home', `${r}/abs-prefix`, out, { finalLink: true }],
    ['link to the parent of the home', `${r}/up2`, out, { finalLink: true }],
    ['link loop', `${r}/loop-a`, bad, { finalLink: true }],
  ];
  return rows.map(([label, path, codes, extra]) => ({ label, path, codes, ...extra }));
}

export async function plantLinks(h: DriverHarness): Promise<void> {
  const at = (rel: string): string => `${h.aliceHome}/${h.run}/${rel}`;
  const { raw } = h;
  await raw.write('alice', at('seed.txt'), 'seed');
  await raw.mkdir('alice', at('dir'));
  await raw.write('alice', `${h.outside}/secret.txt`, 'outside secret');
  await raw.mkdir('alice', `${h.outside}/sub`);
  await raw.mkdir('bob', `${h.bobHome}/${h.run}`);
  await raw.write('bob', `${h.bobHome}/${h.run}/bob-secret.txt`, 'bob secret');
  const links: [string, string][] = [
    ['link-etc', '/etc'],
    ['link-outside', h.outside],
    ['link-bob', h.bobHome],
    ['chain1', 'chain2'],
    ['chain2', h.outside],
    ['dir/mid-link', h.outside],
    ['dangling-out', `${h.outside}/missing-dir/x`],
    ['dangling-out2', `${h.outside}/new-file`],
    ['rel-escape', '../'.repeat(30)],
    ['rel-escape-file', `${'../'.repeat(30)}etc/passwd`],
    ['abs-prefix', `${h.aliceHome}x`],
    ['up', '..'],
    ['up2', '../..'],
    ['loop-a', 'loop-b'],
    ['loop-b', 'loop-a'],
  ];
  for (const [name, target] of links) await raw.symlink('alice', at(name), target);
}
