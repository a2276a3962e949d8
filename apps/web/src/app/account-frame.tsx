import type { ReactNode } from 'react';
import { StarFilled } from '@ant-design/icons';
import { useProductName } from '../lib/product-name';
import { AntdProvider } from './antd-provider';
import { LanguageLinks } from './layout/language-links';
import './pages/login.css';

/**
 * The frame of the pages around login (register, register-success, forgot-password, reset-pwd):
 * the login page's backdrop, brand and language links, with an antd form in the card.
 */
export function AccountFrame({ title, children, footer, testId }: { title: string; children: ReactNode; footer?: ReactNode; testId: string }) {
  const productName = useProductName();
  return (
    <AntdProvider>
      <div className="sl-login-page" data-testid={testId}>
        <LanguageLinks className="sl-login-language" />
        <main className="sl-login-column" style={{ maxWidth: 440 }}>
          <div className="sl-login-brand">
            <StarFilled className="sl-login-logo" />
            <span className="sl-login-product">{productName}</span>
          </div>
          <section className="sl-login-card" style={{ marginTop: 24 }} aria-labelledby={`${testId}-title`}>
            <h1 id={`${testId}-title`} className="sl-login-title">
              {title}
            </h1>
            {children}
            {footer ? <div className="sl-login-links">{footer}</div> : null}
          </section>
        </main>
      </div>
    </AntdProvider>
  );
}
