import { describe, expect, it } from 'vitest';
import { auditActions } from '@starlight/contract/audit';

interface AdminMessages {
  audit: { actions: Record<string, string> };
}
const bundles = import.meta.glob<AdminMessages>('../../../locales/*/admin.json', { eager: true, import: 'default' });
const locales = Object.fromEntries(['en', 'zh', 'es', 'ja'].map((language) => [language, bundles[`../../../locales/${language}/admin.json`]!]));

describe('audit action labels', () => {
  for (const [language, messages] of Object.entries(locales)) {
    it(`gives every audit action of the contract a label in ${language}`, () => {
      const labels = messages.audit.actions;
      const missing = auditActions.filter((action) => !labels[action]?.trim());
      expect(missing, `audit actions without a ${language} label (apps/web/src/locales/${language}/admin.json audit.actions)`).toEqual([]);
      // a label that is the raw action name is no label at all
      expect(auditActions.filter((action) => labels[action] === action)).toEqual([]);
    });
  }

  it('keeps no label for an action the contract no longer has', () => {
    for (const messages of Object.values(locales)) {
      const stale = Object.keys(messages.audit.actions).filter((key) => !(auditActions as readonly string[]).includes(key));
      expect(stale).toEqual([]);
    }
  });
});
