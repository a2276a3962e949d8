import { describe, expect, it } from 'vitest';
import { isOnProviderDomain, registrableDomain, safeRedirectPath } from '../provider-domain';

describe('provider domain', () => {
  it('takes the registrable domain of the console host', () => {
    expect(registrableDomain('console.example.com')).toBe('example.com');
    expect(registrableDomain('hpc.lab.example.edu.cn')).toBe('example.edu.cn');
  });

  it('counts localhost and IP addresses as themselves', () => {
    expect(registrableDomain('localhost')).toBe('localhost');
    expect(registrableDomain('10.0.0.5')).toBe('10.0.0.5');
  });

  it('accepts the domain and its subdomains over http(s) only', () => {
    expect(isOnProviderDomain('https://wiki.example.com/x', 'example.com')).toBe(true);
    expect(isOnProviderDomain('https://example.com', 'example.com')).toBe(true);
    expect(isOnProviderDomain('https://notexample.com', 'example.com')).toBe(false);
    expect(isOnProviderDomain('javascript:alert(1)//example.com', 'example.com')).toBe(false);
  });

  it('follows only same-site paths', () => {
    expect(safeRedirectPath('/job/myjobs')).toBe('/job/myjobs');
    expect(safeRedirectPath('//evil.net')).toBeUndefined();
    expect(safeRedirectPath('https://evil.net')).toBeUndefined();
  });
});
