import { beforeEach, describe, expect, it } from 'vitest';
import { scrollLeftFor, useVisitedViews } from '../tags-view/visited-views-store';

const store = () => useVisitedViews.getState();
const paths = () => store().visitedViews.map((v) => v.path);

const dashboard = { path: '/dashboard', fullPath: '/dashboard', name: '/dashboard', title: 'dashboard', affix: true };
const jobs = { path: '/job/myjobs', fullPath: '/job/myjobs', name: '/job/myjobs', title: 'job.myJobs' };
const ticket = { path: '/ticket/create', fullPath: '/ticket/create', name: '/ticket/create', title: 'ticket.create', noCache: true };
const detail = (id: number) => ({ path: `/ticket/detail/${id}`, fullPath: `/ticket/detail/${id}`, name: '/ticket/detail/:id', title: 'ticket.detail' });

beforeEach(() => store().reset());

describe('visited views (tags view, spec §2)', () => {
  it('keeps views unique by path, remembering the latest query', () => {
    store().addView(jobs);
    store().addView({ ...jobs, fullPath: '/job/myjobs?page=2' });
    expect(paths()).toEqual(['/job/myjobs']);
    expect(store().visitedViews[0]?.fullPath).toBe('/job/myjobs?page=2');
  });

  it("titles a view without a route title 'no-name'", () => {
    store().addView({ path: '/x', fullPath: '/x', name: '/x' });
    expect(store().visitedViews[0]?.title).toBe('no-name');
  });

  it('lists affixed views first', () => {
    store().addView(jobs);
    store().addView(dashboard);
    expect(paths()).toEqual(['/dashboard', '/job/myjobs']);
  });

  it('cannot close an affixed view', () => {
    store().addView(dashboard);
    store().closeView('/dashboard');
    expect(paths()).toEqual(['/dashboard']);
  });

  it('close others keeps the chosen view and the affixed ones', () => {
    [dashboard, jobs, ticket, detail(1)].forEach((v) => store().addView(v));
    store().closeOthers('/ticket/create');
    expect(paths()).toEqual(['/dashboard', '/ticket/create']);
  });

  it('close all keeps only the affixed views', () => {
    [dashboard, jobs, detail(1)].forEach((v) => store().addView(v));
    store().closeAll();
    expect(paths()).toEqual(['/dashboard']);
  });

  it('caches views by route name unless noCache', () => {
    [dashboard, jobs, ticket, detail(1), detail(2)].forEach((v) => store().addView(v));
    expect(store().cachedViews).toEqual(['/dashboard', '/job/myjobs', '/ticket/detail/:id']);
  });

  it('drops the cache of a closed view, but not while another tab of the same route is open', () => {
    [jobs, detail(1), detail(2)].forEach((v) => store().addView(v));
    store().closeView('/ticket/detail/1');
    expect(store().cachedViews).toContain('/ticket/detail/:id');
    store().closeView('/job/myjobs');
    expect(store().cachedViews).not.toContain('/job/myjobs');
  });

  it('refresh bumps the key that remounts the view', () => {
    store().addView(jobs);
    store().refreshView('/job/myjobs');
    store().refreshView('/job/myjobs');
    expect(store().refreshKeys['/job/myjobs']).toBe(2);
  });
});

describe('active tag scrolling (4 px padding)', () => {
  const container = { scrollLeft: 100, clientWidth: 300 };

  it('scrolls left to show a tag cut off on the left, 4 px before it', () => {
    expect(scrollLeftFor(container, { offsetLeft: 80, offsetWidth: 50 })).toBe(76);
  });

  it('scrolls right to show a tag cut off on the right, 4 px after it', () => {
    expect(scrollLeftFor(container, { offsetLeft: 380, offsetWidth: 60 })).toBe(144);
  });

  it('leaves the scroll alone when the tag is fully visible', () => {
    expect(scrollLeftFor(container, { offsetLeft: 200, offsetWidth: 60 })).toBe(100);
  });
});
