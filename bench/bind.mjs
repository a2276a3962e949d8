// Binding a console user to a Slurm account the way /bind does it (the proof file written as root, owned by the
// account, checked by the server over SFTP as that account), for the benchmarks that need a bound user.
import { execFile } from 'node:child_process';
import { chown, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Needs root and Node's WebSocket (Node 22, or Node 20 with --experimental-websocket). */
export async function bind(base, token, account) {
  const uuidReply = await (await fetch(`${base}/api/user/user_uuid`, { headers: { 'Bihu-Token': token } })).json();
  const uuid = uuidReply.spec.uuid;
  const file = `/home/${account}/.starlight-bind`;
  await writeFile(file, `${uuid}\n`, { mode: 0o600 });
  const ids = async (flag) => Number((await run('id', [flag, account])).stdout.trim());
  await chown(file, await ids('-u'), await ids('-g'));
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/user/bind_status?token=${encodeURIComponent(token)}`);
  const reply = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no reply on the bind socket')), 20_000);
    ws.onopen = () => ws.send(`${account}:${uuid}`);
    ws.onmessage = (event) => {
      clearTimeout(timer);
      resolve(String(event.data));
    };
    ws.onerror = (event) => reject(new Error(`bind socket: ${event.message ?? 'error'}`));
  });
  ws.close();
  await rm(file, { force: true });
  if (!/bound successfully/.test(reply)) throw new Error(`binding ${account}: ${reply}`);
}
