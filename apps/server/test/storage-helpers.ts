import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { App } from '../src/app';
import { api, body, demoPassword, login, tokenHeader } from './helpers';

export const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

export async function tempDataDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'starlight-storage-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A signed-in demo user and short calls on the storage API as them. */
export async function storageClient(app: App, userName = 'demo-bound') {
  const headers = tokenHeader(await login(app, userName, demoPassword));
  const query = (params: Record<string, string | number | boolean>): string => new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, extra: Record<string, string> = {}) => {
    const raw = payload instanceof Buffer;
    const response = await app.inject({
      method,
      url: api(url),
      headers: { ...headers, ...(raw ? { 'content-type': 'application/octet-stream' } : {}), ...extra },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
    return { response, envelope: response.headers['content-type']?.toString().includes('json') ? body<T>(response) : null };
  };
  return {
    headers,
    call,
    get: <T = unknown>(url: string, params: Record<string, string | number | boolean>, extra?: Record<string, string>) =>
      call<T>('GET', `${url}?${query(params)}`, undefined, extra),
    put: <T = unknown>(url: string, params: Record<string, string | number | boolean>, data: Buffer) => call<T>('PUT', `${url}?${query(params)}`, data),
    post: <T = unknown>(url: string, payload: unknown) => call<T>('POST', url, payload),
    del: <T = unknown>(url: string, params: Record<string, string | number | boolean>) => call<T>('DELETE', `${url}?${query(params)}`),
  };
}

export type StorageClient = Awaited<ReturnType<typeof storageClient>>;
