import { ExternalLoginPage } from './external-login';

/** Spec §2 /vc-login: sign-in through the configured OpenID Connect provider. */
export default function VcLoginPage() {
  return <ExternalLoginPage kind="oidc" />;
}
