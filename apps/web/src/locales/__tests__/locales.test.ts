import { describe, expect, it } from 'vitest';
import { lazyNamespaces, namespaces as eagerNamespaces } from '../../lib/i18n';

const appNamespaces = [...eagerNamespaces, ...lazyNamespaces];

const bundles = import.meta.glob<Record<string, unknown>>('../*/*.json', { eager: true, import: 'default' });
const languages = ['en', 'zh', 'es', 'ja'];

/** Flattened keys, plural suffixes folded (zh and ja have only '_other'). */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(/_(one|other|few|many|zero|two)$/, '')];
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}

const load = (lng: string, ns: string) => bundles[`../${lng}/${ns}.json`];
const namespaces = [...new Set(Object.keys(bundles).map((path) => path.split('/')[2]?.replace('.json', '') ?? ''))];

describe('locales', () => {
  it('has every namespace the app loads, in every language, and no other', () => {
    expect(namespaces.sort()).toEqual([...appNamespaces].sort());
    for (const lng of languages) for (const ns of appNamespaces) expect(load(lng, ns), `${lng}/${ns}.json`).toBeDefined();
  });

  it.each(namespaces)('%s has the same keys in en, zh, es and ja', (ns) => {
    const english = [...new Set(keysOf(load('en', ns)))].sort();
    for (const lng of languages.slice(1)) expect([...new Set(keysOf(load(lng, ns)))].sort()).toEqual(english);
  });

  it('keeps the spec’s Chinese dialog and error texts verbatim in zh', () => {
    const errors = load('zh', 'errors') as Record<string, unknown>;
    expect(errors.sessionExpired).toEqual({
      title: '登录提示',
      content: '您的登录信息已失效，请点击重新登录离开本页面或者点击取消留在当前页面',
      ok: '重新登录',
      cancel: '取消',
    });
    expect(errors.requestFailed).toBe('请求出错：{{info}}，错误编号：{{uuid}}');
    expect(errors.transportFailed).toBe('{{error}}，请联系管理员进行处理。');
  });

  it.each(['en', 'es'])('has no Chinese text anywhere in %s', (lng) => {
    for (const ns of namespaces) {
      const texts = JSON.stringify(load(lng, ns));
      expect(texts.match(/"[^"]*\p{Script=Han}[^"]*"/gu) ?? [], `${lng}/${ns}.json`).toEqual([]);
    }
  });

  it('translates the Chinese error catalogue in ja rather than copying it', () => {
    const zh = JSON.stringify(load('zh', 'errors'));
    const ja = load('ja', 'errors') as { sessionExpired: Record<string, string>; requestFailed: string; transportFailed: string };
    for (const text of [...Object.values(ja.sessionExpired), ja.requestFailed, ja.transportFailed]) expect(zh).not.toContain(JSON.stringify(text));
  });

  it("keeps the English spec texts verbatim in en ('you browser can not work', 'no-name')", () => {
    expect((load('en', 'errors') as Record<string, unknown>).fullscreenUnsupported).toBe('you browser can not work');
    expect((load('en', 'layout') as { tags: Record<string, string> }).tags.noName).toBe('no-name');
  });
});
