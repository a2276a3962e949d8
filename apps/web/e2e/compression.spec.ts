import { expect, test } from '@playwright/test';

// Issue 24: the login page's scripts arrive compressed in the browser (the build's precompressed files, by
// the browser's own Accept-Encoding), with Content-Encoding and Vary, and decode to working code.
test('the login page loads its scripts compressed, by what the browser accepts', async ({ page }) => {
  const scripts: { url: string; accepted: string; encoding: string | undefined; vary: string | undefined; size: number }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const headers = await response.allHeaders();
    const accepted = (await response.request().allHeaders())['accept-encoding'] ?? '';
    scripts.push({ url: response.url(), accepted, encoding: headers['content-encoding'], vary: headers['vary'], size: (await response.body()).length });
  });
  await page.goto('/login');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  const big = scripts.filter((s) => s.size >= 1024);
  expect(big.length).toBeGreaterThan(0);
  for (const s of big) {
    const offered = s.accepted.split(',').map((e) => e.trim().split(';')[0]);
    expect(offered, s.url).toContain(s.encoding);
    expect(['br', 'gzip'], s.url).toContain(s.encoding);
    expect(s.vary, s.url).toMatch(/accept-encoding/i);
  }
});

test('a client without Accept-Encoding gets the same scripts uncompressed', async ({ request, page }) => {
  await page.goto('/login');
  const html = await (await request.get('/login', { headers: { accept: 'text/html', 'accept-encoding': 'identity' } })).text();
  const main = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  expect(main).toBeTruthy();
  const plain = await request.get(main!, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.status()).toBe(200);
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect((await plain.body()).toString('utf8')).toMatch(/import|export|function/);
});
