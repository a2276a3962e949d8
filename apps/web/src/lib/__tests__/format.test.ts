import { afterEach, describe, expect, it } from 'vitest';
import { formatCoreHours } from '../format';
import { changeLanguage } from '../i18n';

afterEach(() => changeLanguage('en'));

describe('formatCoreHours in the reader’s language', () => {
  it('keeps spec §9’s 核时, 万 and 亿 in Chinese', async () => {
    await changeLanguage('zh');
    expect(formatCoreHours(12300 * 3600)).toBe('1.23万 核时');
  });

  it.each([
    ['en', '12,300.00 core-hours'],
    ['es', '12,300.00 horas-núcleo'],
    ['ja', '12,300.00 コア時間'],
  ] as const)('translates the unit in %s, with no 核时 or 万', async (lng, text) => {
    await changeLanguage(lng);
    expect(formatCoreHours(12300 * 3600)).toBe(text);
  });
});
