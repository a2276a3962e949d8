// The designer (/app/design) with a 200-step workflow next to a 10-step one, in headless Chromium:
// time to open (navigation until the automatic elkjs layout is on screen) and frames per second while a
// step is dragged across the canvas; the raw limit is the same page's idle frame rate (requestAnimationFrame
// with nothing happening), measured in the same run.
//
//   npm run build && node bench/designer.mjs
//
// Settings: BENCH_DESIGNER_OPENS=3 (opens per size, median printed), BENCH_DESIGNER_DRAG_MS=2000.
import { chromium } from 'playwright-core';
import { login, startServer } from './lib.mjs';

const opens = Number(process.env.BENCH_DESIGNER_OPENS ?? 3);
const dragMs = Number(process.env.BENCH_DESIGNER_DRAG_MS ?? 2000);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** N steps in 10 parallel chains, the first layer scattered over the workflow input; inline tools. */
function workflow(n) {
  const lines = ['cwlVersion: v1.2', 'class: Workflow', 'requirements:', '  ScatterFeatureRequirement: {}', 'inputs:', '  files: File[]', 'outputs:'];
  for (let c = 0; c < Math.min(10, n); c += 1) lines.push(`  out_${c}: {type: "File[]", outputSource: step_${n - 1 - c}/out}`);
  lines.push('steps:');
  for (let i = 0; i < n; i += 1) {
    lines.push(`  step_${i}:`, '    run:', '      class: CommandLineTool', '      baseCommand: [wc, -l]', '      inputs: {f: {type: File, inputBinding: {position: 1}}}', '      outputs: {out: stdout}');
    lines.push(i < 10 ? '    in: {f: files}' : `    in: {f: step_${i - 10}/out}`, '    out: [out]', '    scatter: f');
  }
  return `${lines.join('\n')}\n`;
}

// BENCH_DESIGNER_BASE + BENCH_DESIGNER_USER/PASSWORD: measure against a server already running (a loaded
// machine can take longer than startServer's 60 s to bring a fresh one up).
const external = process.env.BENCH_DESIGNER_BASE;
const server = external
  ? { base: external, password: process.env.BENCH_DESIGNER_PASSWORD ?? '', stop: async () => {} }
  : await startServer();
const user = external ? (process.env.BENCH_DESIGNER_USER ?? 'admin') : 'admin';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const token = await login(server.base, user, server.password);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  // Without the apps module (another branch until merged) the catalogue call is answered empty, so no
  // error notification lands on the canvas while it is measured.
  await page.route(/\/api\/app\/apps(\?.*)?$/, async (route) => {
    const real = await route.fetch();
    if (real.status() !== 404) return route.fulfill({ response: real });
    return route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 200, kind: 'app', spec: { list: [], total: 0 }, info: 'ok', uuid: '' }) });
  });
  await page.goto(`${server.base}/login`);
  await page.evaluate((t) => localStorage.setItem('starlight-token-production', t), token);

  const measure = async (n) => {
    const draft = { state: { draft: { app: null, baseVersion: null, text: workflow(n), positions: {}, updatedAt: Date.now() } }, version: 1 };
    const times = [];
    for (let i = 0; i < opens; i += 1) {
      await page.evaluate((d) => localStorage.setItem('starlight-designer-draft', JSON.stringify(d)), draft);
      const t0 = Date.now();
      await page.goto(`${server.base}/app/design`);
      await page.waitForSelector('[data-layout-ready="true"] .react-flow__node', { timeout: 120_000 });
      times.push(Date.now() - t0);
    }
    // frames while idle (the limit) and while dragging a step node across the canvas
    const countFrames = (ms) =>
      page.evaluate(
        (ms) =>
          new Promise((resolve) => {
            let frames = 0;
            const start = performance.now();
            const tick = (now) => (now - start < ms ? (frames += 1, requestAnimationFrame(tick)) : resolve((frames * 1000) / (now - start)));
            requestAnimationFrame(tick);
          }),
        ms,
      );
    await page.waitForTimeout(500);
    const idleFps = await countFrames(1000);
    const node = page.locator('.react-flow__node').first();
    const box = await node.boundingBox();
    const fpsPromise = countFrames(dragMs);
    await page.mouse.move(box.x + 30, box.y + 10);
    await page.mouse.down();
    const moves = 60;
    for (let k = 1; k <= moves; k += 1) {
      await page.mouse.move(box.x + 30 + k * 5, box.y + 10 + k * 3);
      await page.waitForTimeout(dragMs / moves / 2);
    }
    await page.mouse.up();
    const dragFps = await fpsPromise;
    return { n, openMs: median(times), idleFps, dragFps };
  };

  const small = await measure(10);
  const large = await measure(200);
  const row = (r) => `${String(r.n).padStart(4)} steps: open ${r.openMs} ms (median of ${opens}), drag ${r.dragFps.toFixed(1)} fps, idle ${r.idleFps.toFixed(1)} fps, drag/idle ${(r.dragFps / r.idleFps).toFixed(2)}`;
  console.log('designer (headless Chromium, /app/design)');
  console.log(row(small));
  console.log(row(large));
  console.log(`ratio 200/10: open ×${(large.openMs / small.openMs).toFixed(2)}, drag fps ×${(large.dragFps / small.dragFps).toFixed(2)}`);
} finally {
  await browser.close();
  await server.stop();
}
