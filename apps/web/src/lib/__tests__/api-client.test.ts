import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../api-client';
import { ApiError } from '../api-error';
import { browser } from '../browser';
import { bindFeedback } from '../feedback';
import { changeLanguage } from '../i18n';
import { useSessionStore } from '../session-store';
import { envelopeResponse, mockFetch } from '../../test/fetch-mock';
import { spyFeedback } from '../../test/feedback-spy';

const expiredTexts = {
  title: '登录提示',
  content: '您的登录信息已失效，请点击重新登录离开本页面或者点击取消留在当前页面',
  okText: '重新登录',
  cancelText: '取消',
};

let feedback: ReturnType<typeof spyFeedback>;

// Spec §8's texts are verbatim in Chinese; the other languages translate them (last describe).
beforeAll(() => changeLanguage('zh'));
afterAll(() => changeLanguage('en'));

beforeEach(() => {
  feedback = spyFeedback();
  useSessionStore.setState({ token: 'token-abc', permissions: ['binded_account'], user: null });
});

afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api client: request shape (spec §7)', () => {
  it('sends the Bihu-Token header and TIMEOUT 5 by default, under /api', async () => {
    const fetchMock = mockFetch(() => envelopeResponse({ code: 200, spec: { ok: true } }));
    await apiRequest('/user/user/self');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/user/user/self');
    expect(init.headers).toMatchObject({ 'Bihu-Token': 'token-abc', TIMEOUT: '5' });
  });

  it('leaves the token out when the call opts out and honours a TIMEOUT override', async () => {
    const fetchMock = mockFetch(() => envelopeResponse({ code: 200 }));
    await apiRequest('/keystone/short_term_token/name', { method: 'POST', auth: false, timeoutHeader: 25, body: { a: 1 } });
    const headers = (fetchMock.mock.calls[0] as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers['Bihu-Token']).toBeUndefined();
    expect(headers.TIMEOUT).toBe('25');
  });

  it('drops empty query values and repeats array keys', async () => {
    const fetchMock = mockFetch(() => envelopeResponse({ code: 200 }));
    await apiRequest('/message/message', { query: { field_eq_status: 1, empty: '', ids: [3, 4] } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/message/message?field_eq_status=1&ids=3&ids=4');
  });
});

describe('api client: session expiry (spec §8, 1300 and 401)', () => {
  it('shows the 登录提示 confirm dialog with the exact texts', async () => {
    mockFetch(() => envelopeResponse({ code: 1300, info: 'token expired' }, 401));
    await expect(apiRequest('/user/user/self')).rejects.toBeInstanceOf(ApiError);
    expect(feedback.modal.confirm).toHaveBeenCalledTimes(1);
    expect(feedback.modal.confirm.mock.calls[0]?.[0]).toMatchObject(expiredTexts);
    expect(feedback.notification.error).not.toHaveBeenCalled();
  });

  it('shows the dialog only once per session (the informed flag)', async () => {
    mockFetch(() => envelopeResponse({ code: 1300 }, 401));
    await apiRequest('/a').catch(() => undefined);
    await apiRequest('/b').catch(() => undefined);
    expect(feedback.modal.confirm).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem('informed')).toBe('true');
  });

  it('treats a bare HTTP 401 (no envelope) the same way', async () => {
    mockFetch(() => new Response('Unauthorized', { status: 401 }));
    await expect(apiRequest('/x')).rejects.toMatchObject({ code: 1300 });
    expect(feedback.modal.confirm).toHaveBeenCalledTimes(1);
  });

  it('confirm logs out, then goes to /login with a full load', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    mockFetch(() => envelopeResponse({ code: 1300 }, 401));
    await apiRequest('/x').catch(() => undefined);
    feedback.modal.confirm.mock.calls[0]?.[0].onOk();
    expect(useSessionStore.getState().token).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('cancel logs out and stays on the page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    mockFetch(() => envelopeResponse({ code: 1300 }, 401));
    await apiRequest('/x').catch(() => undefined);
    feedback.modal.confirm.mock.calls[0]?.[0].onCancel();
    expect(useSessionStore.getState().token).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('api client: other failures (spec §8)', () => {
  it('tells any other code as 请求出错：{info}，错误编号：{uuid} and rejects with an ApiError', async () => {
    mockFetch(() => envelopeResponse({ code: 1409, info: 'The email has been registered', uuid: 'req-42', spec: { field: 'email' } }, 409));
    const error = await apiRequest('/user/user', { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 1409, info: 'The email has been registered', uuid: 'req-42', spec: { field: 'email' } });
    expect(feedback.notification.error).toHaveBeenCalledWith({ title: '请求出错：The email has been registered，错误编号：req-42' });
  });

  it('shows a centered message for 5 seconds on calls marked centered', async () => {
    mockFetch(() => envelopeResponse({ code: 1500, info: 'boom', uuid: 'u-1' }, 500));
    await apiRequest('/x', { centered: true }).catch(() => undefined);
    expect(feedback.message.error).toHaveBeenCalledWith({ content: '请求出错：boom，错误编号：u-1', duration: 5 });
    expect(feedback.notification.error).not.toHaveBeenCalled();
  });

  it('resolves with a tolerated code and tells nobody', async () => {
    mockFetch(() => envelopeResponse({ code: 11502, info: 'directory missing' }, 404));
    const envelope = await apiRequest('/storage/dir_info', { tolerated: [11502, 1201] });
    expect(envelope.code).toBe(11502);
    expect(feedback.notification.error).not.toHaveBeenCalled();
  });

  it('tells a network failure as {error}，请联系管理员进行处理。', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiRequest('/x')).rejects.toMatchObject({ transport: true });
    expect(feedback.notification.error).toHaveBeenCalledWith({ title: 'Failed to fetch，请联系管理员进行处理。' });
  });

  it('aborts after 15 s and tells the timeout the same way', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      ),
    );
    const call = apiRequest('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await call).toMatchObject({ transport: true, info: 'timeout of 15000ms exceeded' });
    expect(feedback.notification.error).toHaveBeenCalledWith({ title: 'timeout of 15000ms exceeded，请联系管理员进行处理。' });
  });
});

describe('api client: the same texts outside Chinese', () => {
  afterEach(() => changeLanguage('zh'));

  it.each([
    ['en', 'Request failed: boom (error number: u-1)', 'Sign-in notice'],
    ['es', 'Error en la solicitud: boom (número de error: u-1)', 'Aviso de sesión'],
    ['ja', 'リクエストに失敗しました：boom（エラー番号：u-1）', 'サインインのお知らせ'],
  ] as const)('tells the error and the expiry in %s, with no Chinese catalogue text', async (lng, failed, expired) => {
    await changeLanguage(lng);
    mockFetch(() => envelopeResponse({ code: 1500, info: 'boom', uuid: 'u-1' }, 500));
    await apiRequest('/x').catch(() => undefined);
    expect(feedback.notification.error).toHaveBeenCalledWith({ title: failed });
    mockFetch(() => envelopeResponse({ code: 1300, info: 'token expired' }, 401));
    await apiRequest('/user/user/self').catch(() => undefined);
    expect(feedback.modal.confirm.mock.calls[0]?.[0]).toMatchObject({ title: expired });
  });
});
