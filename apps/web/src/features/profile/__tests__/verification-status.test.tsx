import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { VerificationStatus, verifiedBy } from '../components/verification-status';

describe('account verification display (spec §4)', () => {
  it.each([
    [{ email: 'a@b.cd', telephone: '13800000001' }, 'both', 'Verified by e-mail and phone'],
    [{ email: 'a@b.cd', telephone: null }, 'email', 'Verified by e-mail'],
    [{ email: null, telephone: '13800000001' }, 'phone', 'Verified by phone'],
    [{ email: null, telephone: null }, 'none', 'no verified e-mail or phone'],
  ] as const)('%o → %s', async (user, verified, text) => {
    expect(verifiedBy(user)).toBe(verified);
    render(<VerificationStatus user={user} />);
    const shown = await screen.findByTestId('verification-status');
    expect(shown.getAttribute('data-verified')).toBe(verified);
    expect(shown.textContent).toContain(text);
  });
});
