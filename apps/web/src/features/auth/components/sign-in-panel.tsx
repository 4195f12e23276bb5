import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n.tsx';
import { ConsentCheckbox } from '../../../components/forms/consent-checkbox.tsx';
import { EmailInput } from '../../../components/forms/email-input.tsx';
import { PhoneInput } from '../../../components/forms/phone-input.tsx';
import { SenderChoice } from '../../../components/forms/sender-choice.tsx';
import { useStartingRegion } from '../../../components/forms/starting-region.ts';
import { describeApiError, fieldMessagesOf } from '../../../lib/api-client.ts';
import { deferredModule, whenIdle } from '../../../lib/deferred-module.ts';
import { importInSteps } from '../../../lib/next-task.ts';
import { useSignInKind } from '../../../lib/sign-in-kind.ts';
import { paths } from '../../../config/paths.ts';
import { codeRequestsUnlockAt, hasErrorCode, lockedPagePath } from '../auth-errors.ts';
import { CodeRequestSubmit } from './code-request-submit.tsx';
import type { SignInField, SignInProblems } from './sign-in-request.ts';
import type { SignInForm } from './sign-in-form-schema.ts';
import '../../../components/forms/forms.css';
import './auth.css';
import { Button } from '../../../components/ui/button.tsx';

// The checks (schemas, phone metadata) and the requests arrive once the page is idle, or at the
// member's first focus or keystroke: the landing page shows this form without them. They are
// evaluated in four tasks, not one long one: the schema library, the phone metadata, the phone
// rules with the sign-in contracts, then the form's schemas and requests.
const signInRequest = deferredModule(() =>
  importInSteps(
    [() => import('../../../lib/schema-library.ts'), () => import('@kartu/core/phone'), () => import('../../../components/forms/phone-rules.ts')],
    () => import('./sign-in-request.ts'),
  ),
);

/** A field's message: a key of the form's checks, or what the server said about it (already translated). */
type FieldProblem = { key: string } | { server: string };
type FieldProblems = Partial<Record<SignInField, FieldProblem>>;

const fromChecks = (problems: SignInProblems): FieldProblems =>
  Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, { key }]));

// spec: app-core §1: the merchant's defaultLogin decides whether members sign in by phone or e-mail;
// a merchant that accepts both offers the other kind under the field.
export function SignInPanel() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const ids = { value: useId(), consent: useId(), problem: useId() };
  const { kind, other, switchKind } = useSignInKind();
  const byPhone = kind === 'phone';
  const startingRegion = useStartingRegion();
  const [form, setForm] = useState<Omit<SignInForm, 'identifierType'>>({
    phone: '',
    email: '',
    region: startingRegion,
    senderType: 'SMS',
    consent: false,
  });
  const [fieldProblems, setFieldProblems] = useState<FieldProblems>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [requestsLockedUntil, setRequestsLockedUntil] = useState<number | null>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const focus = (field: SignInField) => ({ phone: phoneRef, email: emailRef, consent: consentRef })[field].current?.focus();

  useEffect(() => whenIdle(() => void signInRequest.load().catch(() => undefined)), []);

  // After a switch, the cursor waits in the new kind's field.
  const switched = useRef(false);
  useEffect(() => {
    if (switched.current) (kind === 'phone' ? phoneRef : emailRef).current?.focus();
    switched.current = false;
  }, [kind]);

  /** Changes values; once the member has tried to send, the form is checked again on each change. */
  const update = (changes: Partial<typeof form>) => {
    const next = { ...form, ...changes };
    setForm(next);
    const checks = signInRequest.loaded();
    if (submitted && checks) setFieldProblems(fromChecks(checks.problemsOf({ ...next, identifierType: kind })));
  };

  const onSwitch = () => {
    switched.current = true;
    setFieldProblems(({ consent }) => ({ consent }));
    setProblem(null);
    switchKind();
  };

  const messageOf = (field: SignInField) => {
    const found = fieldProblems[field];
    if (!found) return undefined;
    return 'server' in found ? found.server : t(`validation.${found.key}`);
  };

  const explain = (error: unknown) => {
    if (hasErrorCode(error, 'LOGIN_LOCKED')) return void navigate(lockedPagePath(paths.lock, error));
    if (hasErrorCode(error, 'OTP_REQUESTS_LOCKED')) return setRequestsLockedUntil(codeRequestsUnlockAt(error));
    const fieldMessage = fieldMessagesOf(error).identifierValue;
    if (fieldMessage) {
      setFieldProblems((current) => ({ ...current, [kind]: { server: fieldMessage } }));
      return focus(kind);
    }
    setProblem(describeApiError(error));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    setSubmitted(true);
    setBusy(true);
    const values: SignInForm = { ...form, identifierType: kind };
    try {
      const request = await signInRequest.load();
      const problems = request.problemsOf(values);
      setFieldProblems(fromChecks(problems));
      const firstWrong = ([kind, 'consent'] as const).find((field) => problems[field]);
      if (firstWrong) return focus(firstWrong);
      await navigate(await request.requestSignIn(values, { referenceId: searchParams.get('referenceId') ?? undefined }));
    } catch (error) {
      explain(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="sign-in-panel stack"
      // Sent before the app runs this server-drawn form, the number goes in a body the server
      // drops (it answers with the page again), never into an address that history and logs keep.
      method="post"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onFocus={() => void signInRequest.load().catch(() => undefined)}
      aria-describedby={problem ? ids.problem : undefined}
    >
      {byPhone ? (
        <>
          <PhoneInput
            id={ids.value}
            name="phone"
            label={t('signIn.phoneLabel')}
            value={form.phone}
            onChange={(phone) => update({ phone })}
            region={form.region}
            onRegionChange={(region) => update({ region })}
            inputRef={phoneRef}
            error={messageOf('phone')}
          />
          <SenderChoice name="senderType" value={form.senderType} onChange={(senderType) => update({ senderType })} />
        </>
      ) : (
        <EmailInput
          id={ids.value}
          name="email"
          label={t('signIn.emailLabel')}
          value={form.email}
          onChange={(email) => update({ email })}
          inputRef={emailRef}
          error={messageOf('email')}
        />
      )}
      {other ? (
        <Button variant="link" onClick={onSwitch}>
          {other === 'email' ? t('signIn.useEmail') : t('signIn.usePhone')}
        </Button>
      ) : null}
      <ConsentCheckbox
        id={ids.consent}
        name="consent"
        checked={form.consent}
        onChange={(consent) => update({ consent })}
        inputRef={consentRef}
        error={messageOf('consent')}
      />
      <CodeRequestSubmit
        problem={problem}
        problemId={ids.problem}
        lockedUntil={requestsLockedUntil}
        onUnlocked={() => setRequestsLockedUntil(null)}
        busy={busy}
        label={t('signIn.submit')}
      />
    </form>
  );
}
