import { describe, expect, it } from 'vitest';
import { avatarUrl } from '../avatar';

describe('avatar address (spec §3)', () => {
  it('rewrites the {address} prefix to the API base', () => {
    expect(avatarUrl('{address}/user/avatar/0b0c.png')).toBe('/api/user/avatar/0b0c.png');
  });
  it('uses any other avatar as is, and none as the default picture', () => {
    expect(avatarUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(avatarUrl(null)).toBeUndefined();
    expect(avatarUrl('  ')).toBeUndefined();
  });
});
