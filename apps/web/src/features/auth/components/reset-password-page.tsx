import { Anchor, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLockCheck } from '@tabler/icons-react';
import { CodeSchema, EmailSchema, PASSWORD_MIN } from '@exemplar/shared/fields';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { useConfirmForgotPassword } from '../api/confirm-forgot-password';
import { useForgotPassword } from '../api/forgot-password';
import { useCooldown } from '../lib/code-cooldown';
import { getResetEmail, setResetEmail } from '../lib/stored-emails';
import { useRedirectAfter } from '../lib/use-redirect-after';
import { fieldValidator, PASSWORD_TOO_SHORT, PASSWORDS_DO_NOT_MATCH } from '../lib/validation';
import { AuthCard } from './auth-card';
import { AuthPrompt } from './auth-links';
import { CodeField } from './code-field';
import { CodeStepAlert } from './code-step-alert';
import { StoredOrTypedEmail } from './email-field';
import type { LoginLocationState } from './login-page';
import { NewPasswordField } from './password-field';
import { ResendCode } from './resend-code';
import { SubmitButton } from './submit-button';

export const RESET_MESSAGE = 'Password reset successfully! Redirecting to login...';

/** Both the reset and the request for a new code fail with these words. */
const RESET_FAILED = { title: 'Reset Failed', fallback: 'Reset failed' };

/** Arriving from /forgot-password: the server's "code sent" message. */
export interface ResetLocationState {
  message?: string;
}

export function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [storedEmail, setStoredEmail] = useState(getResetEmail);
  const reset = useConfirmForgotPassword();
  const resend = useForgotPassword();

  const form = useForm({
    initialValues: { email: storedEmail ?? '', code: '', newPassword: '', confirmPassword: '' },
    validate: {
      email: (value) => (storedEmail ? null : fieldValidator(EmailSchema)(value)),
      code: fieldValidator(CodeSchema),
      newPassword: (value) => (value.length < PASSWORD_MIN ? PASSWORD_TOO_SHORT : null),
      confirmPassword: (value, values) =>
        value !== values.newPassword ? PASSWORDS_DO_NOT_MATCH : null,
    },
  });

  const typedEmail = EmailSchema.safeParse(form.values.email);
  const wait = useCooldown('reset', storedEmail ?? (typedEmail.success ? typedEmail.data : null));

  const done = reset.isSuccess;
  const loginState: LoginLocationState = { email: reset.variables?.email };
  useRedirectAfter(done, paths.login, loginState);

  const submit = form.onSubmit((values) => {
    resend.reset();
    const email = storedEmail ?? EmailSchema.parse(values.email);
    reset.mutate(
      { email, code: CodeSchema.parse(values.code), newPassword: values.newPassword },
      { onSuccess: () => setResetEmail(null) },
    );
  });

  // Resend to the email on file (or typed in); without one, asking for a code is /forgot-password.
  const resendCode = () => {
    reset.reset();
    const typed = EmailSchema.safeParse(form.values.email);
    const email = storedEmail ?? (typed.success ? typed.data : null);
    if (!email) {
      void navigate(paths.forgotPassword);
      return;
    }
    resend.mutate({ email }, { onSuccess: () => setResetEmail(email) });
  };

  const arrival = (location.state as ResetLocationState | null)?.message;

  return (
    <AuthCard
      icon={IconLockCheck}
      title="Set a new password"
      subtitle="Enter the 6-character code from the email and choose a new password."
      footer={<AuthPrompt text="Remembered it?" to={paths.login} link="Back to login" />}
    >
      <CodeStepAlert
        done={done && { title: 'Password Reset', message: RESET_MESSAGE }}
        step={reset}
        stepFailed={RESET_FAILED}
        resend={resend}
        resendFailed={RESET_FAILED}
        notice={arrival}
      />

      <form onSubmit={submit} noValidate aria-label="Reset password">
        <Stack gap="md">
          <StoredOrTypedEmail
            stored={storedEmail}
            storedLabel="Resetting the password for"
            onChangeEmail={() => setStoredEmail(null)}
            disabled={done}
            {...form.getInputProps('email')}
          />
          <CodeField label="Reset Code" required disabled={done} {...form.getInputProps('code')} />
          <NewPasswordField
            label="New Password"
            withHint
            placeholder="At least 8 characters"
            disabled={done}
            {...form.getInputProps('newPassword')}
          />
          <NewPasswordField
            label="Confirm Password"
            placeholder="Type it again"
            disabled={done}
            {...form.getInputProps('confirmPassword')}
          />
          <SubmitButton
            pending={reset.isPending}
            pendingLabel="Resetting password..."
            disabled={done}
          >
            Reset Password
          </SubmitButton>
        </Stack>
      </form>

      {!done && (
        <ResendCode wait={wait} pending={resend.isPending} onResend={resendCode}>
          <Anchor component={Link} to={paths.forgotPassword} size="xs" c="dimmed">
            Request a code for another email
          </Anchor>
        </ResendCode>
      )}
    </AuthCard>
  );
}
