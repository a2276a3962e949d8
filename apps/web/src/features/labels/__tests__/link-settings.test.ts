import { describe, expect, it } from 'vitest';
import { platformFromUserAgent, type Label } from '@starlight/contract/labels';
import { NoSuchValueError, forVisitor, isDownloadUrl, linkValue, resolveTransferClient } from '../link-settings';

const label = (name: string, description: string): Label => ({
  id: name.length,
  name,
  description,
  label_type_id: 1,
  label_type_name: 'link',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});
const lookupFrom = (settings: Record<string, string>) => {
  const asked: string[] = [];
  const lookup = async (name: string) => {
    asked.push(name);
    return name in settings ? label(name, settings[name] as string) : null;
  };
  return { lookup, asked };
};

const ua = {
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
};

describe('transfer-client link settings (spec §3, §7, §8)', () => {
  it('reads the version, then transclient-{version}-{Win|Linux|Darwin}', async () => {
    const { lookup, asked } = lookupFrom({
      'transclient-version': '2.1.0',
      'transclient-2.1.0-Win': 'https://dl.example.org/tc-2.1.0.exe',
      'transclient-2.1.0-Linux': 'https://dl.example.org/tc-2.1.0.tar.gz',
      'transclient-2.1.0-Darwin': 'https://dl.example.org/tc-2.1.0.dmg',
      'transclient-2.0.0-Win': 'https://dl.example.org/old.exe',
    });
    const client = await resolveTransferClient(lookup);
    expect(asked).toEqual(['transclient-version', 'transclient-2.1.0-Win', 'transclient-2.1.0-Linux', 'transclient-2.1.0-Darwin']);
    expect(client.version?.description).toBe('2.1.0');
    expect(client.links.map((l) => [l.platform, l.label?.description])).toEqual([
      ['Win', 'https://dl.example.org/tc-2.1.0.exe'],
      ['Linux', 'https://dl.example.org/tc-2.1.0.tar.gz'],
      ['Darwin', 'https://dl.example.org/tc-2.1.0.dmg'],
    ]);
    expect(client.missing).toEqual([]);
  });

  it('names each missing setting, the version first (nothing else can be looked up without it)', async () => {
    expect((await resolveTransferClient(lookupFrom({}).lookup)).missing).toEqual(['transclient-version']);
    const partial = await resolveTransferClient(lookupFrom({ 'transclient-version': '3', 'transclient-3-Linux': 'https://x.example/l' }).lookup);
    expect(partial.missing).toEqual(['transclient-3-Win', 'transclient-3-Darwin']);
    // an empty value is as good as none
    const blank = await resolveTransferClient(lookupFrom({ 'transclient-version': '  ' }).lookup);
    expect(blank.missing).toEqual(['transclient-version']);
  });

  it("rejects a missing single value with 'no such value {name}'", async () => {
    const { lookup } = lookupFrom({ 'transclient-version': '1.0' });
    await expect(linkValue(lookup, 'transclient-version')).resolves.toBe('1.0');
    const error = await linkValue(lookup, 'transclient-1.0-Win').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoSuchValueError);
    expect((error as Error).message).toBe('no such value transclient-1.0-Win');
  });

  it("picks the visitor's platform from the user agent and lists the others", async () => {
    expect(platformFromUserAgent(ua.windows)).toBe('Win');
    expect(platformFromUserAgent(ua.mac)).toBe('Darwin');
    expect(platformFromUserAgent(ua.linux)).toBe('Linux');
    expect(platformFromUserAgent(ua.android)).toBeNull();
    expect(platformFromUserAgent(ua.iphone)).toBeNull();
    const { links } = await resolveTransferClient(lookupFrom({ 'transclient-version': '1' }).lookup);
    const mac = forVisitor(links, ua.mac);
    expect(mac.mine?.platform).toBe('Darwin');
    expect(mac.others.map((l) => l.platform)).toEqual(['Win', 'Linux']);
    const phone = forVisitor(links, ua.iphone);
    expect(phone.mine).toBeNull();
    expect(phone.others).toHaveLength(3);
  });

  it('offers only http(s) addresses as downloads', () => {
    expect(isDownloadUrl('https://dl.example.org/a.exe')).toBe(true);
    expect(isDownloadUrl('http://10.0.0.1/a')).toBe(true);
    expect(isDownloadUrl('javascript:alert(1)')).toBe(false);
    expect(isDownloadUrl('ftp://x/y')).toBe(false);
    expect(isDownloadUrl('not a url')).toBe(false);
  });
});
