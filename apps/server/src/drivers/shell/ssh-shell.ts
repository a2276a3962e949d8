import { Client, type ClientChannel } from 'ssh2';
import { Code } from '@starlight/contract/codes';
import { AppError } from '../../lib/app-error';
import { hostKeyMatches } from '../files/ssh/host-key';

/**
 * An interactive login shell on a cluster's login node, logged in AS the bound account with the
 * console's web shell key (the same scheme as the SFTP driver: one console key authorised per account,
 * the login node pinned by its host key). The account's own shell, limits and Unix permissions apply.
 */
export interface ShellSettings {
  host: string;
  port: number;
  hostKeySha256: string;
  privateKey: string;
  connectTimeoutMs?: number;
}

export interface ShellSize {
  cols: number;
  rows: number;
}

export interface ShellSession {
  write(data: string): void;
  resize(size: ShellSize): void;
  onData(listener: (chunk: Buffer) => void): void;
  /** Once, when the shell ends (exit, connection lost, or close()). */
  onEnd(listener: (why: string) => void): void;
  close(): void;
}

const upstream = (info: string): AppError => new AppError(Code.upstreamDown, info);

export function openSshShell(settings: ShellSettings, account: string, size: ShellSize): Promise<ShellSession> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    let opened: ClientChannel | null = null;
    let settled = false;
    let wrongHostKey = false;
    let ended = false;
    const endListeners: ((why: string) => void)[] = [];
    const end = (why: string): void => {
      if (ended) return;
      ended = true;
      client.end();
      for (const listener of endListeners) listener(why);
    };
    const fail = (error: AppError): void => {
      if (settled) return end(error.message);
      settled = true;
      client.end();
      reject(error);
    };

    client.on('error', (err: Error & { level?: string }) => {
      if (wrongHostKey) fail(upstream('the login node presented an unexpected host key'));
      else if (err.level === 'client-authentication') fail(upstream(`the login node refused the console's shell key for account ${account}`));
      else fail(upstream('cannot reach the login node'));
    });
    client.once('close', () => (settled ? end('the connection closed') : fail(upstream('the login node closed the connection'))));
    client.once('ready', () => {
      client.shell({ term: 'xterm-256color', cols: size.cols, rows: size.rows }, (err, channel) => {
        if (err) return fail(upstream('the login node refused a shell for this account'));
        opened = channel;
        settled = true;
        channel.once('close', () => end('the shell ended'));
        resolve({
          write: (data) => {
            if (!ended) channel.write(data);
          },
          resize: ({ cols, rows }) => {
            if (!ended) channel.setWindow(rows, cols, 0, 0);
          },
          onData: (listener) => {
            channel.on('data', listener);
            channel.stderr.on('data', listener);
          },
          onEnd: (listener) => {
            if (ended) listener('the shell ended');
            else endListeners.push(listener);
          },
          close: () => {
            opened?.close();
            end('closed by the console');
          },
        });
      });
    });
    try {
      client.connect({
        host: settings.host,
        port: settings.port,
        username: account,
        privateKey: settings.privateKey,
        readyTimeout: settings.connectTimeoutMs ?? 10_000,
        keepaliveInterval: 15_000,
        hostVerifier: (key: Buffer): boolean => {
          wrongHostKey = !hostKeyMatches(settings.hostKeySha256, key);
          return !wrongHostKey;
        },
      });
    } catch {
      fail(upstream('the web shell key is not usable')); // ssh2 throws on a key it cannot parse
    }
  });
}
