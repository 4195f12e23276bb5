import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { setSession } from '../../../lib/session.ts';
import { useSsoSignIn } from '../api/sso-sign-in.ts';
import '../sso.css';
import { Redirect } from '../../../lib/redirect.tsx';

// spec: app-core §2 Global modals: a loading animation while the single sign-on link is checked.
export function AuthorizePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('sso')?.trim() ?? '';
  if (token === '') return <Redirect to={paths.ssoInvalid.href()} />;
  return <Authorize token={token} />;
}

function Authorize({ token }: { token: string }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { mutate } = useSsoSignIn();
  // A sign-in link is single use: post it once, even if the effect runs again (development, a new navigate).
  const postedToken = useRef<string | null>(null);

  useEffect(() => {
    if (postedToken.current === token) return;
    postedToken.current = token;
    mutate(token, {
      onSuccess: (answer) => {
        setSession({ user: answer.user, loginType: answer.loginType });
        void navigate(paths.cards.href(), { replace: true });
      },
      onError: () => void navigate(paths.ssoInvalid.href(), { replace: true }),
    });
  }, [token, mutate, navigate]);

  return (
    <div className="sso-loading" role="status" aria-live="polite">
      <span className="sso-loading__spinner" aria-hidden="true" />
      <p>{t('sso.signingIn')}</p>
    </div>
  );
}
