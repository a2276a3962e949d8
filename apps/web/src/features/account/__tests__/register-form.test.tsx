import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bindFeedback } from '../../../lib/feedback';
import { changeLanguage } from '../../../lib/i18n';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { spyFeedback } from '../../../test/feedback-spy';
import { RegisterForm } from '../components/register-form';

const captchaReply = () => envelopeResponse({ code: 200, kind: 'captcha', spec: { id: 'cap-1', svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' } });

beforeEach(() => {
  spyFeedback();
});

afterEach(async () => {
  bindFeedback(null);
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const errorsShown = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((node) => node.textContent);

describe('register form validation (contract registerFormSchema)', () => {
  it('names every missing field when submitted empty, and calls nothing but the captcha and the delivery flag', async () => {
    const fetchMock = mockFetch(captchaReply);
    render(<RegisterForm onRegistered={vi.fn()} />);
    await userEvent.setup().click(screen.getByTestId('register-submit'));
    await waitFor(() =>
      expect(errorsShown()).toEqual(
        expect.arrayContaining([
          'email or phone number needed',
          'Please complete the human verification',
          'Please enter the verification code',
          'Please enter the username',
          'Please enter the password',
          'Please enter the password again',
          'Please read and accept the agreement',
        ]),
      ),
    );
    expect(fetchMock.mock.calls.map(([url]) => String(url)).sort()).toEqual([expect.stringContaining('/keystone/captcha'), expect.stringContaining('/user/user_verify/delivery')]);
  });

  it("says codes go to the administrators' outbox when the server has no SMTP, and nothing when it has", async () => {
    const answer = (email: string) => (url: string) =>
      url.includes('/delivery') ? envelopeResponse({ code: 200, kind: 'delivery', spec: { email, sms: 'outbox' } }) : captchaReply();
    mockFetch(answer('outbox'));
    const { unmount } = render(<RegisterForm onRegistered={vi.fn()} />);
    expect((await screen.findByTestId('register-outbox-note')).textContent).toContain("administrators' outbox");
    unmount();
    mockFetch(answer('smtp'));
    render(<RegisterForm onRegistered={vi.fn()} />);
    await waitFor(() => expect(screen.getByTestId('captcha-image')).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('register-outbox-note')).toBeNull();
  });

  it("says 'Inconsistent password entered twice' and names the missing character class", async () => {
    mockFetch(captchaReply);
    render(<RegisterForm onRegistered={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByTestId('field-password'), 'lowercase123');
    await user.type(screen.getByTestId('field-password-confirm'), 'lowercase124');
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(errorsShown()).toContain('Inconsistent password entered twice'));
    expect(errorsShown()).toContain('The password needs an uppercase letter');
  });

  it('checks the e-mail format and the user name rule', async () => {
    mockFetch(captchaReply);
    render(<RegisterForm onRegistered={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByTestId('field-email'), 'not-an-email');
    await user.type(screen.getByTestId('field-user-name'), '12345');
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(errorsShown()).toContain('Please enter a valid email'));
    expect(errorsShown()).toContain('Lowercase letters, digits, hyphens or underscores, starting and ending with a letter or digit, not only digits');
  });

  it('shows the messages in Chinese', async () => {
    mockFetch(captchaReply);
    await changeLanguage('zh');
    render(<RegisterForm onRegistered={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByTestId('field-password'), 'Abcdefg123');
    await user.type(screen.getByTestId('field-password-confirm'), 'Abcdefg124');
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(errorsShown()).toContain('两次输入的密码不一致'));
  });

  it("puts the server's 1409 'The email has been registered' on the e-mail field when asking for a code", async () => {
    mockFetch((url) =>
      url.includes('/keystone/captcha')
        ? captchaReply()
        : envelopeResponse({ code: 1409, info: 'The email has been registered', spec: { fields: [{ path: 'body.email', message: 'The email has been registered' }] } }, 409),
    );
    render(<RegisterForm onRegistered={vi.fn()} />);
    const user = userEvent.setup();
    await screen.findByTestId('captcha-image');
    await user.type(screen.getByTestId('field-email'), 'taken@example.com');
    await user.type(screen.getByTestId('field-captcha'), 'abcd');
    await user.click(screen.getByTestId('code-button'));
    await waitFor(() => expect(errorsShown()).toContain('The email has been registered'));
  });
});
