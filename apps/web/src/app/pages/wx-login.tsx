import { ExternalLoginPage } from './external-login';

/** Spec §2 /wx-login: WeChat scan sign-in. */
export default function WxLoginPage() {
  return <ExternalLoginPage kind="wechat" />;
}
