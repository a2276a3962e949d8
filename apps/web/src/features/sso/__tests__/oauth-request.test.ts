import { describe, expect, it } from 'vitest';
import { readOauthRequest } from '../components/oauth-request';

describe('/oauth requests (spec §2, §5)', () => {
  const domain = 'example.com';

  it('is a consent when the provider sent a uid', () => {
    expect(readOauthRequest('?uid=abc', domain)).toEqual({ kind: 'consent', uid: 'abc' });
  });

  it('hands an authorization request with a client_id to the provider endpoint', () => {
    expect(readOauthRequest('?client_id=sl-1&redirect_uri=https%3A%2F%2Fevil.net%2Fcb&response_type=code', domain)).toMatchObject({ kind: 'authorize' });
  });

  it('sends a first-party site of the provider domain (or a subdomain) back', () => {
    expect(readOauthRequest('?redirect_url=https%3A%2F%2Fwiki.example.com%2Fhome', domain)).toEqual({ kind: 'first-party', url: 'https://wiki.example.com/home' });
    expect(readOauthRequest('?redirect_url=https%3A%2F%2Fexample.com%2F', domain).kind).toBe('first-party');
  });

  it('refuses a target outside the domain when no client_id is given, naming its host', () => {
    expect(readOauthRequest('?redirect_url=https%3A%2F%2Fevil.net%3A8443%2Fsteal', domain)).toEqual({ kind: 'refused', host: 'evil.net:8443' });
    expect(readOauthRequest('?redirect_url=https%3A%2F%2Fexample.com.evil.net%2F', domain).kind).toBe('refused');
    expect(readOauthRequest('?redirect_url=javascript%3Aalert(1)', domain).kind).toBe('refused');
  });

  it('reports a link without any request', () => {
    expect(readOauthRequest('', domain)).toEqual({ kind: 'missing' });
  });
});
