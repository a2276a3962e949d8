import { expect, type Page } from '@playwright/test';
import { filterRouteTree, flattenRouteAccess, routeAccessTree } from '@starlight/contract/routes';

export const tokenKey = 'starlight-token-production';

export async function signIn(page: Page, name: string, password: string, opts: { remember?: boolean } = {}) {
  await page.goto('/login');
  await page.getByTestId('login-name').fill(name);
  await page.getByTestId('login-password').fill(password);
  if (opts.remember) await page.getByTestId('login-remember').check();
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('shell')).toBeVisible();
  await expect(page.getByTestId('dashboard-account')).toContainText(name);
}

/** Every path the sidebar offers, with each group expanded. */
export async function sidebarPaths(page: Page): Promise<string[]> {
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toBeVisible();
  for (let round = 0; round < 3; round++) {
    const closed = sidebar.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    const count = await closed.count();
    if (count === 0) break;
    for (let i = count - 1; i >= 0; i--) await closed.nth(i).click();
  }
  return sidebar.getByTestId('sidebar-link').evaluateAll((els) => els.map((e) => e.getAttribute('data-path') ?? ''));
}

const access = flattenRouteAccess();

/** True when the contract's route filter (filterRouteTree, its one rule) keeps `path` for a holder of `held`. */
export function allowed(path: string, held: readonly string[]): boolean {
  if (!access.has(path)) return true; // extra routes (third-party links) are not in the spec's map
  return flattenRouteAccess(filterRouteTree(routeAccessTree, held)).has(path);
}

export async function permissionsOf(page: Page): Promise<string[]> {
  return page.evaluate(async (key) => {
    const res = await fetch('/api/perm/permission', { headers: { 'Bihu-Token': localStorage.getItem(key) ?? '' } });
    return (await res.json()).spec as string[];
  }, tokenKey);
}

/** In-app navigation through the sidebar (a full page load would start a new set of visited views). */
export async function openFromSidebar(page: Page, path: string): Promise<void> {
  await sidebarPaths(page);
  const link = page.locator(`[data-testid="sidebar"] [data-testid="sidebar-link"][data-path="${path}"]`);
  const url = new RegExp(`${path.replace(/[/]/g, '\\/')}$`);
  // Groups opened just before still animate: a click can land while the item moves, so click until it navigates.
  await expect(async () => {
    await link.click();
    await expect(page).toHaveURL(url, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}
