import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { CodeSchema, EmailSchema } from '@exemplar/shared/fields';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../../lib/paths';
import { useConfirmSignUp } from '../api/confirm-sign-up';
import { useResendCode } from '../api/resend-code';
import { useCooldown } from '../lib/code-cooldown';
import { getPendingEmail, setPendingEmail } from '../lib/stored-emails';
import { useRedirectAfter } from '../lib/use-redirect-after';
import { fieldValidator } from '../lib/validation';
import { AuthCard } from './auth-card';
import { AuthPrompt, BackToHome } from './auth-links';
import { CodeField } from './code-field';
import { EmailOnFile } from './email-on-file';
import { FormAlert } from './form-alert';
import type { LoginLocationState } from './login-page';
import { ResendCode } from './resend-code';
import { SubmitButton } from './submit-button';
import { failureMessage } from '../../../lib/api-client';

export const CONFIRMED_MESSAGE = 'Account confirmed successfully! Redirecting to login...';

/** Why the visitor is here: just registered, or tried to log in unconfirmed. */
export interface ConfirmLocationState {
  reason?: 'registered' | 'unconfirmed';
  message?: string;
}

function arrivalNotice(state: ConfirmLocationState | null): string | null {
  if (state?.reason === 'registered') {
    return state.message ?? 'Account created. We emailed you a 6-character code.';
  }
  if (state?.reason === 'unconfirmed') {
    return 'Your account is not confirmed yet. Enter the code we emailed you, or resend it.';
  }
  return null;
}

export function ConfirmPage() {
  const location = useLocation();
  const [storedEmail, setStoredEmail] = useState(getPendingEmail);
  const confirm = useConfirmSignUp();
  const resend = useResendCode();

  const form = useForm({
    initialValues: { email: storedEmail ?? '', code: '' },
    validate: {
      email: (value) => (storedEmail ? null : fieldValidator(EmailSchema)(value)),
      code: fieldValidator(CodeSchema),
    },
  });

  const typed = EmailSchema.safeParse(form.values.email);
  const wait = useCooldown('confirm', storedEmail ?? (typed.success ? typed.data : null));

  const confirmed = confirm.isSuccess;
  const loginState: LoginLocationState = { email: confirm.variables?.email };
  useRedirectAfter(confirmed, paths.login, loginState);

  const submit = form.onSubmit((values) => {
    resend.reset();
    const target = storedEmail ?? EmailSchema.parse(values.email);
    confirm.mutate(
      { email: target, code: CodeSchema.parse(values.code) },
      { onSuccess: () => setPendingEmail(null) },
    );
  });

  const resendCode = () => {
    confirm.reset();
    if (!storedEmail && form.validateField('email').hasError) return;
    resend.mutate({ email: storedEmail ?? EmailSchema.parse(form.values.email) });
  };

  const changeEmail = () => {
    setStoredEmail(null);
    resend.reset();
  };

  const notice = arrivalNotice(location.state as ConfirmLocationState | null);

  return (
    <AuthCard
      icon={<IconMailCheck size={28} stroke={1.6} />}
      title="Confirm your account"
      subtitle="Enter the 6-character code we emailed you when you registered."
      footer={
        <>
          <AuthPrompt text="Already confirmed?" to={paths.login} link="Sign in" />
          <AuthPrompt text="No account yet?" to={paths.register} link="Register" />
          <BackToHome />
        </>
      }
    >
      {confirmed ? (
        <FormAlert kind="success" title="Confirmed">
          {CONFIRMED_MESSAGE}
        </FormAlert>
      ) : confirm.error ? (
        <FormAlert kind="error" title="Verification Failed" onClose={() => confirm.reset()}>
          {failureMessage(confirm.error, 'Verification failed')}
        </FormAlert>
      ) : resend.isSuccess ? (
        <FormAlert kind="info" title="Code sent" onClose={() => resend.reset()}>
          {resend.data.message}
        </FormAlert>
      ) : resend.error ? (
        <FormAlert kind="error" title="Could Not Resend Code" onClose={() => resend.reset()}>
          {failureMessage(resend.error, 'Could not resend the code')}
        </FormAlert>
      ) : (
        notice && <FormAlert kind="info">{notice}</FormAlert>
      )}

      <form onSubmit={submit} noValidate aria-label="Confirm registration">
        <Stack gap="md">
          {storedEmail ? (
            <EmailOnFile label="Code sent to" email={storedEmail} onChange={changeEmail} />
          ) : (
            <TextInput
              label="Email Address"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              description="The email you registered with."
              required
              disabled={confirmed}
              {...form.getInputProps('email')}
            />
          )}
          <CodeField
            label="Confirmation Code"
            required
            disabled={confirmed}
            {...form.getInputProps('code')}
          />
          <SubmitButton
            pending={confirm.isPending}
            pendingLabel="Confirming..."
            disabled={confirmed}
          >
            Confirm Account
          </SubmitButton>
        </Stack>
      </form>

      {!confirmed && <ResendCode wait={wait} pending={resend.isPending} onResend={resendCode} />}
    </AuthCard>
  );
}
