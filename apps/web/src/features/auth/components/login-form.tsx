import { useState, type FormEvent, type ReactNode } from 'react';
import { CloseCircleFilled, EyeInvisibleOutlined, EyeOutlined, LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Code } from '@starlight/contract/codes';
import type * as Validators from '@starlight/contract/validators';
import { translateValidationMessage } from '../../../lib/validation-text';
import { LoginRefusedError, loginAndStore } from '../api/login';
import { getLoginCaptcha, type LoginCaptcha } from '../api/get-login-captcha';

type Field = 'name' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

interface LoginFormProps {
  /** A redirect_url on the provider's domain came with the page: the token cookie is shared across it. */
  crossDomain: boolean;
  /** Runs after the token is stored; the form stays busy until it settles. */
  onSuccess: () => Promise<void> | void;
}

// The contract's loginFormSchema (and zod with it) is fetched when the user first focuses the form,
// not with the page: the login page's first load stays small (scripts/report-size.mjs).
let validators: Promise<typeof Validators> | undefined;
const loadValidators = () => (validators ??= import('@starlight/contract/validators'));

async function problemOf(field: Field, value: string): Promise<string | undefined> {
  const { loginFormSchema, validationMessages } = await loadValidators();
  const result = loginFormSchema.shape[field].safeParse(value);
  if (result.success) return undefined;
  return translateValidationMessage(result.error.issues[0]?.message ?? '', validationMessages);
}

/**
 * E-mail, phone or user name + password, checked with the contract's loginFormSchema; 'remember me'
 * asks for a long-term token (spec §4). Refusals (555, 1429) are shown here, never as a toast.
 */
export function LoginForm({ crossDomain, onSuccess }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState({ name: '', password: '' });
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checked, setChecked] = useState<Partial<Record<Field, boolean>>>({});
  const [refusal, setRefusal] = useState<LoginRefusedError | null>(null);
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  // After repeated failures the server demands a solved captcha (555 + captcha_required): shown here, in the form.
  const [captcha, setCaptcha] = useState<LoginCaptcha | 'loading' | null>(null);
  const [captchaAnswer, setCaptchaAnswer] = useState('');
  const [captchaError, setCaptchaError] = useState(false);

  const newCaptcha = () => {
    setCaptcha('loading');
    setCaptchaAnswer('');
    getLoginCaptcha().then(setCaptcha, () => setCaptcha(null));
  };

  const check = async (field: Field, value: string) => {
    const problem = await problemOf(field, value);
    setErrors((current) => ({ ...current, [field]: problem }));
    setChecked((current) => ({ ...current, [field]: true }));
    return problem;
  };

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setRefusal(null);
    // Like antd's forms: once a field has been checked, it is re-checked as the user types.
    if (checked[field]) void check(field, value);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setRefusal(null);
    const problems = await Promise.all([check('name', values.name), check('password', values.password)]);
    const solving = captcha !== null && captcha !== 'loading';
    setCaptchaError(solving && captchaAnswer.trim() === '');
    if (problems.some(Boolean) || (solving && captchaAnswer.trim() === '')) return;
    setBusy(true);
    try {
      await loginAndStore({
        name: values.name.trim(),
        password: values.password,
        tokenType: remember ? 'longTerm' : 'shortTerm',
        crossDomain,
        captcha: solving ? { id: captcha.id, answer: captchaAnswer.trim() } : undefined,
      });
      await onSuccess();
    } catch (error) {
      // Anything but a refusal was already told by the api client.
      if (error instanceof LoginRefusedError) {
        setRefusal(error);
        // a captcha is used once, right or wrong: show a fresh one whenever the server wants one
        if (error.captchaRequired) newCaptcha();
        else setCaptcha(null);
      }
    } finally {
      setBusy(false);
    }
  };

  const refusalText = (error: LoginRefusedError) => {
    if (error.code === Code.rateLimited) return t('errors.tooManyAttempts');
    if (error.code !== Code.loginRefused) return error.info;
    // the first demand for a captcha is not a wrong password: say what is needed
    return error.captchaRequired && error.info !== 'incorrect user name or password' ? t('errors.captchaNeeded') : t('errors.wrongCredentials');
  };

  const input = (field: Field, icon: ReactNode, type: string, autoComplete: string, placeholder: string, suffix?: ReactNode) => (
    <div className="sl-field">
      <label className="sl-field-label" htmlFor={`login-${field}`}>
        {t(`form.${field}`)}
      </label>
      <span className={errors[field] ? 'sl-input sl-input-error' : 'sl-input'}>
        <span className="sl-input-icon" aria-hidden="true">
          {icon}
        </span>
        <input
          id={`login-${field}`}
          name={field}
          type={type}
          value={values[field]}
          placeholder={placeholder}
          autoComplete={autoComplete}
          aria-invalid={Boolean(errors[field])}
          aria-describedby={errors[field] ? `login-${field}-error` : undefined}
          data-testid={`login-${field}`}
          onFocus={() => void loadValidators()}
          onBlur={() => {
            if (values[field] !== '' || checked[field]) void check(field, values[field]);
          }}
          onChange={(event) => change(field, event.target.value)}
        />
        {suffix}
      </span>
      {errors[field] ? (
        <div id={`login-${field}-error`} className="sl-field-error" role="alert" data-testid={`login-${field}-error`}>
          {errors[field]}
        </div>
      ) : null}
    </div>
  );

  // Plain elements styled like antd's (login.css): antd's Input, Button and Checkbox would bring its
  // form machinery, colour picker and motion to this page and push it over its size budget.
  return (
    <form className="sl-login-form" noValidate onSubmit={(event) => void submit(event)} data-testid="login-form">
      {refusal ? (
        <div className="sl-login-alert" role="alert" data-testid="login-error" data-code={refusal.code}>
          <CloseCircleFilled className="sl-login-alert-icon" aria-hidden="true" />
          <span>{refusalText(refusal)}</span>
        </div>
      ) : null}
      {input('name', <UserOutlined />, 'text', 'username', t('form.namePlaceholder'))}
      {input(
        'password',
        <LockOutlined />,
        showPassword ? 'text' : 'password',
        'current-password',
        t('form.passwordPlaceholder'),
        <button
          type="button"
          className="sl-input-suffix"
          aria-label={showPassword ? t('form.hidePassword') : t('form.showPassword')}
          aria-pressed={showPassword}
          onClick={() => setShowPassword(!showPassword)}
        >
          {showPassword ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        </button>,
      )}
      {captcha !== null ? (
        <div className="sl-field" data-testid="login-captcha">
          <label className="sl-field-label" htmlFor="login-captcha-answer">
            {t('form.captcha')}
          </label>
          <div className="sl-login-captcha-row">
            <span className={captchaError ? 'sl-input sl-input-error' : 'sl-input'}>
              <span className="sl-input-icon" aria-hidden="true">
                <SafetyOutlined />
              </span>
              <input
                id="login-captcha-answer"
                name="captcha"
                type="text"
                autoComplete="off"
                value={captchaAnswer}
                placeholder={t('form.captchaPlaceholder')}
                aria-invalid={captchaError}
                data-testid="login-captcha-answer"
                onChange={(event) => {
                  setCaptchaAnswer(event.target.value);
                  setCaptchaError(false);
                }}
              />
            </span>
            <button type="button" className="sl-login-captcha-image" onClick={newCaptcha} title={t('form.captchaRefresh')} aria-label={t('form.captchaRefresh')} data-testid="login-captcha-refresh">
              {captcha === 'loading' ? (
                <span className="sl-spinner sl-spinner-small" aria-hidden="true" />
              ) : (
                // an SVG in an <img> runs no script
                <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.svg)}`} alt={t('form.captchaAlt')} width={180} height={54} data-testid="login-captcha-image" data-captcha-id={captcha.id} />
              )}
            </button>
          </div>
          {captchaError ? (
            <div className="sl-field-error" role="alert" data-testid="login-captcha-error">
              {t('form.captchaRequired')}
            </div>
          ) : null}
        </div>
      ) : null}
      <label className="sl-checkbox">
        <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} data-testid="login-remember" />
        <span>{t('form.remember')}</span>
      </label>
      <button type="submit" className="sl-plain-button sl-login-submit" disabled={busy} aria-busy={busy} data-testid="login-submit">
        {busy ? <span className="sl-spinner sl-spinner-small" aria-hidden="true" /> : null}
        {t('form.submit')}
      </button>
    </form>
  );
}
