import { Stack } from '@mantine/core';
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
import { AuthPrompt } from './auth-links';
import { CodeField } from './code-field';
import { CodeStepAlert } from './code-step-alert';
import { StoredOrTypedEmail } from './email-field';
import type { LoginLocationState } from './login-page';
import { ResendCode } from './resend-code';
import { SubmitButton } from './submit-button';

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
      icon={IconMailCheck}
      title="Confirm your account"
      subtitle="Enter the 6-character code we emailed you when you registered."
      footer={
        <>
          <AuthPrompt text="Already confirmed?" to={paths.login} link="Sign in" />
          <AuthPrompt text="No account yet?" to={paths.register} link="Register" />
        </>
      }
    >
      <CodeStepAlert
        done={confirmed && { title: 'Confirmed', message: CONFIRMED_MESSAGE }}
        step={confirm}
        stepFailed={{ title: 'Verification Failed', fallback: 'Verification failed' }}
        resend={resend}
        resendFailed={{ title: 'Could Not Resend Code', fallback: 'Could not resend the code' }}
        notice={notice}
      />

      <form onSubmit={submit} noValidate aria-label="Confirm registration">
        <Stack gap="md">
          <StoredOrTypedEmail
            stored={storedEmail}
            storedLabel="Code sent to"
            onChangeEmail={changeEmail}
            description="The email you registered with."
            disabled={confirmed}
            {...form.getInputProps('email')}
          />
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
