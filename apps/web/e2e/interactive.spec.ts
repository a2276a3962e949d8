import { test } from '@playwright/test';
import { demoPassword } from './env';
import { signIn } from './helpers';
import { endSessions, interactiveJourney } from './interactive-journey';

// Issue 14 on the embedded default (local cluster): the journey of interactive-journey.ts as demo-bound.
test.describe.configure({ mode: 'serial' });

const launched: string[] = [];
test.afterAll(async ({ request }) => {
  if (launched.length > 0) await endSessions(request, 'demo-bound', launched);
});

test('launches Jupyter and a desktop, uses both through the proxy, finds the notebook, ends both', async ({ page, context }, testInfo) => {
  test.setTimeout(300_000);
  await signIn(page, 'demo-bound', demoPassword);
  await interactiveJourney(page, context, testInfo, { partition: 'local/local', whoami: /^sle[0-9a-f]+-([0-9a-f]{4}-)?demo_lab_bound\s*$/, launched });
});
