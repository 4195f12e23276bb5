import { useTranslation } from '../../../lib/i18n.tsx';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useCheckCredential } from '../api/check-credential.ts';
import { getPinInfo } from '../api/get-pin-info.ts';
import { useRequestResetPin } from '../api/request-reset-pin.ts';
import { useVerifyOtp } from '../api/verify-otp.ts';
import { useVerifyPinOtp } from '../api/verify-pin-otp.ts';
import { OtpStep } from '../components/otp-step.tsx';
import { credentialBody } from '../credential-body.ts';
import { readSignInFlow, updateSignInFlow, type SentCode } from '../sign-in-flow.ts';
import { useFinishSignIn } from '../use-finish-sign-in.ts';
import '../../../components/forms/forms.css';
import '../components/auth.css';
import { Redirect } from '../../../lib/redirect.tsx';

/** '/login': the one-time code of a sign-in or of a PIN reset, for the identifier given on '/'. */
export function OtpPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const verifyOtp = useVerifyOtp();
  const verifyPinOtp = useVerifyPinOtp();
  const checkCredential = useCheckCredential();
  const requestResetPin = useRequestResetPin();
  const flow = readSignInFlow();
  const { identifier, senderType, referenceId } = flow;
  if (!identifier) return <Redirect to={paths.home.href()} />;
  const resetting = flow.purpose === 'reset-pin';

  const verify = async (otp: string) => {
    if (resetting) {
      await verifyPinOtp.mutateAsync({ ...identifier, otp });
      await navigate(`${paths.newPin.href()}?mode=RESET`, { replace: true });
      return;
    }
    const answer = await verifyOtp.mutateAsync({ ...identifier, type: 'login', otp });
    // spec: app-core §4 OTP flow: a verified code clears the sent code and the cached credential.
    updateSignInFlow({
      pinPending: { isNewUser: answer.isNewUser, userId: answer.user.maskedId },
      sentCode: undefined,
      lastCredentialBody: undefined,
      lastCredentialResponse: undefined,
    });
    if (!answer.pinRequired) return finishSignIn(answer);
    // Until the code was passed the server told this browser nothing about the account; now it
    // tells whether the account has a PIN to enter or needs one created.
    const pinInfo = answer.isNewUser ? undefined : await getPinInfo(identifier);
    if (pinInfo) updateSignInFlow({ pinInfo });
    const needsNewPin = answer.isNewUser || (pinInfo?.needSetPin ?? false);
    await navigate(needsNewPin ? paths.newPin.href() : `${paths.passcode.href()}?mode=LOGIN_NEW_DEVICE`, { replace: true });
  };

  const resend = async (): Promise<SentCode> => {
    if (resetting) await requestResetPin.mutateAsync({ ...identifier, senderType });
    else await checkCredential.mutateAsync({ body: credentialBody({ identifier, type: 'login', senderType, referenceId }), force: true });
    const sentCode = readSignInFlow().sentCode;
    if (!sentCode) throw new Error('The new code was not remembered');
    return sentCode;
  };

  return (
    <main id="main" className="page auth-page">
      <OtpStep
        identifier={identifier}
        senderType={senderType}
        purpose={resetting ? 'reset-pin' : 'login'}
        sentCode={flow.sentCode}
        verify={verify}
        resend={resend}
      />
      {/* A mistyped number or address is fixed on the first step; the flow keeps what was typed. */}
      <p className="auth-page__back">
        <Link to={paths.home.href()}>{t(identifier.identifierType === 'email' ? 'code.changeEmail' : 'code.changePhone')}</Link>
      </p>
    </main>
  );
}
