import { describe, expect, it } from 'vitest';
import { isOnDomain, oauthAuthorizeInputSchema, oauthClientInputSchema, redirectUriProblem, ssoRefusalText } from './sso';

describe('redirect URIs of third-party sites', () => {
  it('accepts https and loopback http', () => {
    expect(redirectUriProblem('https://app.example.com/cb?x=1')).toBeUndefined();
    expect(redirectUriProblem('http://127.0.0.1:8080/cb')).toBeUndefined();
    expect(redirectUriProblem('http://localhost/cb')).toBeUndefined();
  });

  it('refuses plain http elsewhere, fragments, credentials and relative URLs', () => {
    expect(redirectUriProblem('http://app.example.com/cb')).toMatch(/https/);
    expect(redirectUriProblem('https://app.example.com/cb#x')).toMatch(/fragment/);
    expect(redirectUriProblem('https://user:pw@app.example.com/cb')).toMatch(/credentials/);
    expect(redirectUriProblem('/cb')).toMatch(/absolute/);
    expect(redirectUriProblem('javascript:alert(1)')).toBeDefined();
  });

  it('requires openid among known scopes', () => {
    const base = { name: 'x', public: true, redirect_uris: ['https://a.example.com/cb'] };
    expect(oauthClientInputSchema.safeParse({ ...base, scopes: ['openid', 'email'] }).success).toBe(true);
    expect(oauthClientInputSchema.safeParse({ ...base, scopes: ['email'] }).success).toBe(false);
    expect(oauthClientInputSchema.safeParse({ ...base, scopes: ['openid', 'openid'] }).success).toBe(false);
  });
});

describe('spec §5 provider domain and §8 refusal text', () => {
  it('counts the domain and its subdomains only', () => {
    expect(isOnDomain('https://example.com/x', 'example.com')).toBe(true);
    expect(isOnDomain('https://wiki.example.com/x', 'example.com')).toBe(true);
    expect(isOnDomain('https://example.com.evil.net/x', 'example.com')).toBe(false);
    expect(isOnDomain('https://badexample.com/x', 'example.com')).toBe(false);
    expect(isOnDomain('ftp://example.com/x', 'example.com')).toBe(false);
  });

  it('words the refusal as the spec does', () => {
    expect(ssoRefusalText('evil.net')).toBe('不能授权evil.net使用星光账户信息');
  });

  it('needs a uid or a redirect_url to authorize', () => {
    expect(oauthAuthorizeInputSchema.safeParse({}).success).toBe(false);
    expect(oauthAuthorizeInputSchema.parse({ uid: 'u' }).allow).toBe(true);
  });
});
