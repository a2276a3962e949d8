import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../lib/i18n';
import { OauthConsent } from '../components/oauth-consent';
import { SsoRefusal } from '../components/sso-refusal';

const interaction = {
  uid: 'u1',
  prompt: 'login',
  client: { client_id: 'sl-1', name: 'Lab Notebook' },
  scopes: ['openid', 'email', 'custom:thing'],
  redirect_uri: 'https://notebook.example.org/cb',
};

afterEach(async () => {
  await changeLanguage('en');
});

describe('consent page', () => {
  it("shows the site's name, each scope in words, and where the browser goes back", () => {
    render(<OauthConsent interaction={interaction} userName="demo-user" pending={null} onDecide={vi.fn()} onSwitchAccount={vi.fn()} />);
    expect(screen.getByTestId('oauth-consent').textContent).toContain('Lab Notebook wants to sign you in');
    const scopes = screen.getByTestId('oauth-scopes').textContent ?? '';
    expect(scopes).toContain('See your e-mail address');
    expect(scopes).toContain('custom:thing');
    expect(screen.getByTestId('oauth-consent').textContent).toContain('notebook.example.org');
    expect(screen.getByTestId('oauth-consent').textContent).toContain('demo-user');
  });

  it('reports Allow and Deny, and locks both while one is pending', async () => {
    const onDecide = vi.fn();
    const { rerender } = render(<OauthConsent interaction={interaction} userName={null} pending={null} onDecide={onDecide} onSwitchAccount={vi.fn()} />);
    await userEvent.click(screen.getByTestId('oauth-deny'));
    await userEvent.click(screen.getByTestId('oauth-allow'));
    expect(onDecide.mock.calls).toEqual([[false], [true]]);
    rerender(<OauthConsent interaction={interaction} userName={null} pending="allow" onDecide={onDecide} onSwitchAccount={vi.fn()} />);
    expect(screen.getByTestId('oauth-deny').hasAttribute('disabled')).toBe(true);
  });
});

describe('single sign-on refusal (spec §8)', () => {
  it('says 不能授权{host}使用星光账户信息 with one button 确定 that leads on', async () => {
    await changeLanguage('zh');
    const onConfirm = vi.fn();
    render(<SsoRefusal host="evil.net" onConfirm={onConfirm} />);
    expect((await screen.findByTestId('sso-refusal')).textContent).toBe('不能授权evil.net使用星光账户信息');
    const ok = screen.getByTestId('sso-refusal-ok');
    expect(ok.textContent?.replace(/\s/g, '')).toBe('确定');
    expect(screen.queryByText('取消')).toBeNull();
    await userEvent.click(ok);
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
