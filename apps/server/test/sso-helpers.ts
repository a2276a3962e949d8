import { createServer } from 'node:net';
import { adminPassword, api, body, demoPassword, login, startTestApp, stopTestApp, tokenHeader, type TestApp } from './helpers';

/** A port free right now on 127.0.0.1 (the issuer must be known before the app is built). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface HttpTestApp extends TestApp {
  origin: string;
  issuer: string;
}

/** The app listening on a real 127.0.0.1 port, with PUBLIC_URL set to it. */
export async function startHttpApp(env: Record<string, string> = {}, database?: TestApp['database']): Promise<HttpTestApp> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = await startTestApp({ env: { STARLIGHT_PUBLIC_URL: origin, ...env }, ...(database ? { database } : {}) });
  await started.app.listen({ port, host: '127.0.0.1' });
  return { ...started, origin, issuer: `${origin}/api` };
}

export const stopHttpApp = (started: HttpTestApp) => stopTestApp(started);

/** A browser's cookie jar and redirect handling, enough for the authorization code flow over real HTTP. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  async get(url: string): Promise<Response> {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: this.cookieHeader(), accept: 'text/html' } });
    this.remember(response);
    return response;
  }

  async post(url: string, form: Record<string, string>): Promise<Response> {
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: this.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams(form).toString(),
    });
    this.remember(response);
    return response;
  }

  /** Follows redirects (and oidc-provider's auto-submitting forms) until `stop` matches or a page is reached. */
  async follow(url: string, stop: (url: URL) => boolean, limit = 10): Promise<URL> {
    let current = new URL(url);
    for (let hop = 0; hop < limit; hop += 1) {
      if (stop(current)) return current;
      const response = await this.get(current.href);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        current = new URL(location, current);
        continue;
      }
      const html = await response.text();
      const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
      if (response.status === 200 && form?.[1] && form[2]) {
        const fields = Object.fromEntries([...form[2].matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']));
        const posted = await this.post(new URL(form[1], current).href, fields);
        const next = posted.headers.get('location');
        if (!next) throw new Error(`form post to ${form[1]} answered ${posted.status}`);
        current = new URL(next, current);
        continue;
      }
      throw new Error(`stuck at ${current.href}: ${response.status} ${html.slice(0, 300)}`);
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /** The Cookie header this browser sends (the SPA's calls carry the interaction cookie too). */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export const signIn = (app: TestApp['app'], name: string) => login(app, name, name === 'admin' ? adminPassword : demoPassword);

export async function registerClient(
  app: TestApp['app'],
  adminToken: string,
  input: { name: string; public: boolean; redirect_uris: string[]; scopes: string[] },
): Promise<{ client_id: string; client_secret: string | null; id: number }> {
  const response = await app.inject({ method: 'POST', url: api('/keystone/oauth/clients'), headers: tokenHeader(adminToken), payload: input });
  const envelope = body<{ client_id: string; client_secret: string | null; id: number }>(response);
  if (envelope.code !== 200) throw new Error(`register client failed: ${envelope.code} ${envelope.info}`);
  return envelope.spec;
}

/** The SPA's part of the flow: the consent page reads the interaction, the user clicks Allow or Deny. */
export async function decide(app: TestApp['app'], token: string, uid: string, allow: boolean, browser: Browser): Promise<string> {
  const response = await app.inject({ method: 'POST', url: api('/keystone/oauth/authorize'), headers: { ...tokenHeader(token), cookie: browser.cookieHeader() }, payload: { uid, allow } });
  const envelope = body<{ redirect_to: string }>(response);
  if (envelope.code !== 200) throw new Error(`authorize failed: ${envelope.code} ${envelope.info}`);
  return envelope.spec.redirect_to;
}
