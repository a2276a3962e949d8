import { create } from 'zustand';

/** Spec §2: a view with no route title is called 'no-name'. */
export const noNameTitle = 'no-name';

export interface VisitedView {
  /** Unique key of a tag: pathname only, so /a?x=1 and /a?x=2 share one tag. */
  path: string;
  /** pathname + search, where the tag navigates back to. */
  fullPath: string;
  /** Route name: the keep-alive cache key. */
  name: string;
  /** Key in the routes namespace, or noNameTitle. */
  title: string;
  affix: boolean;
  noCache: boolean;
}

export type NewView = Omit<VisitedView, 'title' | 'affix' | 'noCache'> & { title?: string; affix?: boolean; noCache?: boolean };

interface VisitedViewsState {
  visitedViews: VisitedView[];
  /** Route names whose pages are kept alive. */
  cachedViews: string[];
  /** Bumped by refresh: the page under that name is remounted. */
  refreshKeys: Record<string, number>;
  addView: (view: NewView) => void;
  /** Returns the views left; affixed views cannot be closed. */
  closeView: (path: string) => VisitedView[];
  closeOthers: (path: string) => void;
  closeAll: () => void;
  refreshView: (path: string) => void;
  reset: () => void;
}

const cacheNames = (views: readonly VisitedView[]) => [...new Set(views.filter((v) => !v.noCache).map((v) => v.name))];

export const useVisitedViews = create<VisitedViewsState>()((set, get) => ({
  visitedViews: [],
  cachedViews: [],
  refreshKeys: {},

  addView: (input) => {
    const view: VisitedView = {
      ...input,
      title: input.title || noNameTitle,
      affix: input.affix ?? false,
      noCache: input.noCache ?? false,
    };
    const { visitedViews } = get();
    const existing = visitedViews.findIndex((v) => v.path === view.path);
    let next: VisitedView[];
    if (existing >= 0) {
      next = visitedViews.map((v, i) => (i === existing ? { ...v, fullPath: view.fullPath, title: view.title } : v));
    } else if (view.affix) {
      // Affixed views stay in front of the others.
      const firstLoose = visitedViews.findIndex((v) => !v.affix);
      next = firstLoose === -1 ? [...visitedViews, view] : [...visitedViews.slice(0, firstLoose), view, ...visitedViews.slice(firstLoose)];
    } else {
      next = [...visitedViews, view];
    }
    set({ visitedViews: next, cachedViews: cacheNames(next) });
  },

  closeView: (path) => {
    const { visitedViews } = get();
    const target = visitedViews.find((v) => v.path === path);
    if (!target || target.affix) return visitedViews;
    const next = visitedViews.filter((v) => v.path !== path);
    set({ visitedViews: next, cachedViews: cacheNames(next) });
    return next;
  },

  closeOthers: (path) => {
    const next = get().visitedViews.filter((v) => v.affix || v.path === path);
    set({ visitedViews: next, cachedViews: cacheNames(next) });
  },

  closeAll: () => {
    const next = get().visitedViews.filter((v) => v.affix);
    set({ visitedViews: next, cachedViews: cacheNames(next) });
  },

  refreshView: (path) => {
    const view = get().visitedViews.find((v) => v.path === path);
    if (!view) return;
    set((state) => ({ refreshKeys: { ...state.refreshKeys, [view.name]: (state.refreshKeys[view.name] ?? 0) + 1 } }));
  },

  reset: () => set({ visitedViews: [], cachedViews: [], refreshKeys: {} }),
}));

/** Spec §9: the active tag is scrolled into view with 4 px to spare. */
export const tagScrollPadding = 4;

/** The container's new scrollLeft that shows the tag whole, or the current one if it already does. */
export function scrollLeftFor(
  container: { scrollLeft: number; clientWidth: number },
  tag: { offsetLeft: number; offsetWidth: number },
  padding = tagScrollPadding,
): number {
  const tagRight = tag.offsetLeft + tag.offsetWidth;
  if (tag.offsetLeft - padding < container.scrollLeft) return Math.max(0, tag.offsetLeft - padding);
  if (tagRight + padding > container.scrollLeft + container.clientWidth) return tagRight + padding - container.clientWidth;
  return container.scrollLeft;
}
