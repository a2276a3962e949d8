import http from 'node:http';
import WebSocket from 'ws';

/** Where a session's app says it listens, and the secret it says it demands. */
export interface ProbeTarget {
  host: string;
  port: number;
  secret: string;
  /** The proxy path the app serves under (Jupyter's base_url). */
  baseUrl: string;
}

const probeTimeoutMs = 3000;

function status(target: ProbeTarget, urlPath: string, headers: Record<string, string>, limit = 4096): Promise<{ code: number; body: string }> {
  return new Promise((resolve) => {
    const request = http.get({ host: target.host, port: target.port, path: urlPath, headers, timeout: probeTimeoutMs }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (body.length < limit) body += chunk;
      });
      response.on('end', () => resolve({ code: response.statusCode ?? 0, body }));
      response.on('error', () => resolve({ code: 0, body: '' }));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve({ code: 0, body: '' }));
  });
}

/**
 * Jupyter answers its status API under our base path with the secret, and refuses it without: a service the
 * connection file points at that is not this session's Jupyter never becomes the proxy's target.
 */
export async function probeJupyter(target: ProbeTarget): Promise<boolean> {
  const urlPath = `${target.baseUrl}api/status`;
  const withSecret = await status(target, urlPath, { authorization: `token ${target.secret}` });
  if (withSecret.code !== 200 || !withSecret.body.includes('"started"')) return false;
  const without = await status(target, urlPath, {});
  return without.code === 403 || without.code === 401;
}

/**
 * Jupyter's own idea of its activity, asked with the session's secret: `api/status` `last_activity` (kernels'
 * messages, notebook saves, API calls of a user; the status call itself does not count), and `now` while any
 * kernel is `busy` (a long computation sends nothing). `no_track_activity` keeps our kernel listing from
 * counting as activity (notebook ≥ 6.1, jupyter_server). Null when it does not answer as expected.
 */
export async function jupyterActivity(target: ProbeTarget, now: Date): Promise<Date | null> {
  const headers = { authorization: `token ${target.secret}` };
  const [statusReply, kernelsReply] = await Promise.all([
    status(target, `${target.baseUrl}api/status`, headers, 4096),
    status(target, `${target.baseUrl}api/kernels?no_track_activity=1`, headers, 1 << 20),
  ]);
  if (statusReply.code !== 200) return null;
  const parsed = JSON.parse(statusReply.body) as { last_activity?: string };
  const last = parsed.last_activity ? new Date(parsed.last_activity) : null;
  if (kernelsReply.code === 200) {
    const kernels = JSON.parse(kernelsReply.body) as { execution_state?: string }[];
    if (kernels.some((kernel) => kernel.execution_state === 'busy')) return now;
  }
  return last && !Number.isNaN(last.getTime()) ? last : null;
}

/**
 * websockify in front of a VNC server that offers VNC authentication only (RFB security type 2): the RFB
 * greeting arrives over a websocket, and after our version the server lists its security types.
 */
export function probeWebsockifyVnc(target: ProbeTarget): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.terminate();
      resolve(result);
    };
    const socket = new WebSocket(`ws://${target.host}:${target.port}/`, ['binary'], { handshakeTimeout: probeTimeoutMs });
    const timer = setTimeout(() => finish(false), probeTimeoutMs);
    let buffered = Buffer.alloc(0);
    let greeted = false;
    socket.on('message', (data: Buffer) => {
      buffered = Buffer.concat([buffered, data]);
      if (!greeted) {
        if (buffered.length < 12) return;
        if (!buffered.subarray(0, 8).toString('latin1').startsWith('RFB 003.')) return finish(false);
        greeted = true;
        buffered = buffered.subarray(12);
        socket.send(Buffer.from('RFB 003.008\n', 'latin1'));
      }
      if (buffered.length < 1) return;
      const count = buffered[0] ?? 0;
      if (count === 0 || buffered.length < 1 + count) return finish(false);
      finish([...buffered.subarray(1, 1 + count)].every((type) => type === 2));
    });
    socket.on('error', () => finish(false));
    socket.on('close', () => finish(false));
  });
}
