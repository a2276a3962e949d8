import type { App } from 'antd';

/**
 * The api client and other non-React code show dialogs and toasts through antd's App context
 * (so they follow the theme and language). The host that provides it is a lazy chunk, mounted the
 * first time something has to be shown (or eagerly by the shell): the login page loads no antd
 * until it needs it. Calls made before the host binds wait in a queue.
 */
export type FeedbackApi = Pick<ReturnType<typeof App.useApp>, 'message' | 'notification' | 'modal'>;
type Channel = keyof FeedbackApi;

interface Pending {
  channel: Channel;
  method: string;
  args: unknown[];
}

let bound: FeedbackApi | null = null;
const pending: Pending[] = [];
const hostRequests = new Set<() => void>();
let hostRequested = false;

type AnyMethod = (...args: unknown[]) => unknown;
const call = (api: FeedbackApi, { channel, method, args }: Pending) =>
  (api[channel] as unknown as Record<string, AnyMethod>)[method]?.(...args);

export function bindFeedback(api: FeedbackApi | null): void {
  bound = api;
  if (api) for (const item of pending.splice(0)) call(api, item);
}

/** The providers listen here and mount the host when asked. */
export function onFeedbackHostRequested(listener: () => void): () => void {
  hostRequests.add(listener);
  if (hostRequested) listener();
  return () => {
    hostRequests.delete(listener);
  };
}

export function requestFeedbackHost(): void {
  hostRequested = true;
  for (const listener of hostRequests) listener();
}

function channelProxy<C extends Channel>(channel: C): FeedbackApi[C] {
  return new Proxy({} as FeedbackApi[C], {
    get:
      (_target, method) =>
      (...args: unknown[]) => {
        const item = { channel, method: String(method), args };
        if (bound) return call(bound, item);
        pending.push(item);
        requestFeedbackHost();
        return undefined;
      },
  });
}

const proxies: FeedbackApi = {
  message: channelProxy('message'),
  notification: channelProxy('notification'),
  modal: channelProxy('modal'),
};

export function feedback(): FeedbackApi {
  return proxies;
}
