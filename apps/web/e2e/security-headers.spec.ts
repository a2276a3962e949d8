import { expect, test, type Page } from '@playwright/test';
import { adminPassword, demoPassword } from './env';
import { signIn } from './helpers';

// Issue "hardening" item 10: the console runs under a strict Content-Security-Policy (no inline script)
// with no violation on its main pages, and every response carries the framing/sniffing headers.

interface Violation {
  directive: string;
  blocked: string;
  source: string;
  page: string;
}

/** Records every CSP violation of the page (DOM event) and every CSP console error, across navigations. */
async function watchCsp(page: Page): Promise<Violation[]> {
  const seen: Violation[] = [];
  await page.exposeBinding('__reportCsp', ({ page: p }, v: Omit<Violation, 'page'>) => {
    seen.push({ ...v, page: p.url() });
    console.log('CSP violation', p.url(), JSON.stringify(v));
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp: (v: unknown) => void }).__reportCsp({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
      });
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      seen.push({ directive: 'console', blocked: message.text().slice(0, 300), source: '', page: page.url() });
  });
  return seen;
}

async function visit(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
  // late style insertions (antd's CSS-in-JS), charts and workers get a moment to run
  await page.waitForTimeout(600);
}

// a full load of a page on the shared 2-core machine can take a while
const shell = (page: Page) => expect(page.getByTestId('shell')).toBeVisible({ timeout: 30_000 });

test('the main pages raise no CSP violation and antd styles still apply', async ({ page }) => {
  test.setTimeout(300_000);
  const violations = await watchCsp(page);

  await visit(page, '/login', (p) => expect(p.getByTestId('login-name')).toBeVisible());
  // CSS-in-JS styles were inserted and applied: antd's primary button is coloured, not the browser's grey
  const background = await page.getByTestId('login-submit').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toMatch(/^rgba?\(0, 0, 0, 0\)$|^rgb\(239, 239, 239\)$/);

  await signIn(page, 'admin', adminPassword);
  for (const path of ['/dashboard', '/job/list', '/monitor/summary', '/monitor/nodes', '/monitor/metrics', '/monitor/events', '/user-center/user-manage'])
    await visit(page, path, shell);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-logout').click();
  await expect(page).toHaveURL(/\/login/);

  await signIn(page, 'demo-bound', demoPassword);
  // rendered, whichever page (or the 401 page) the user's keys lead to
  const rendered = (p: Page) => expect(p.locator('#root > *').first()).toBeVisible({ timeout: 30_000 });
  for (const path of ['/job/myjobs', '/storage/files', '/profile']) await visit(page, path, rendered);
  // the web shell page (xterm) of the embedded cluster, as far as this user may go
  await visit(page, '/cluster-partition/webssh/local/debug', async () => undefined);
  // the SSO consent page (no client: it explains itself)
  await visit(page, '/oauth', async () => undefined);

  expect(violations).toEqual([]);
});

test('the page and the API carry the hardening headers; index.html has no inline script', async ({ request }) => {
  const html = await request.get('/', { headers: { accept: 'text/html' } });
  const csp = html.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-eval');
  expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
  // connections: this origin, and the interactive sessions' own (the console on 127.0.0.1, they on localhost)
  expect(csp).toMatch(/connect-src 'self' http:\/\/localhost:\d+ ws:\/\/localhost:\d+;/);
  const text = await html.text();
  // every script element of the built page is a file (src=), none inline
  const scripts = [...text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attributes, body] of scripts) {
    expect(attributes).toContain('src=');
    expect((body ?? '').trim()).toBe('');
  }
  for (const response of [html, await request.get('/api/health'), await request.get('/api/user/user')]) {
    expect(response.headers()).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' });
  }
});

test('the console cannot be framed by another page', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (m) => void (/frame-ancestors|X-Frame-Options|refused to/i.test(m.text()) && blocked.push(m.text())));
  await page.setContent('<iframe id="f" src="about:blank"></iframe>');
  const base = test.info().project.use.baseURL ?? '';
  await page.setContent(`<iframe id="f" src="${base}/login"></iframe>`);
  await page.waitForTimeout(1500);
  const frame = page.frames().find((f) => f.url().includes('/login'));
  // the frame stays empty: no login form was rendered inside it
  const rendered = frame ? await frame.locator('[data-testid="login-name"]').count().catch(() => 0) : 0;
  expect(rendered).toBe(0);
});
