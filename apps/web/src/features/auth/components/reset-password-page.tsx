import { Anchor, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLockCheck } from '@tabler/icons-react';
import { CodeSchema, EmailSchema, PASSWORD_HINT, PASSWORD_MIN } from '@exemplar/shared/fields';
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
import { AuthPrompt, BackToHome } from './auth-links';
import { CodeField } from './code-field';
import { EmailOnFile } from './email-on-file';
import { FormAlert } from './form-alert';
import type { LoginLocationState } from './login-page';
import { PasswordField } from './password-field';
import { ResendCode } from './resend-code';
import { SubmitButton } from './submit-button';
import { failureMessage } from '../../../lib/api-client';

export const RESET_MESSAGE = 'Password reset successfully! Redirecting to login...';

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
      icon={<IconLockCheck size={28} stroke={1.6} />}
      title="Set a new password"
      subtitle="Enter the 6-character code from the email and choose a new password."
      footer={
        <>
          <AuthPrompt text="Remembered it?" to={paths.login} link="Back to login" />
          <BackToHome />
        </>
      }
    >
      {done ? (
        <FormAlert kind="success" title="Password Reset">
          {RESET_MESSAGE}
        </FormAlert>
      ) : reset.error ? (
        <FormAlert kind="error" title="Reset Failed" onClose={() => reset.reset()}>
          {failureMessage(reset.error, 'Reset failed')}
        </FormAlert>
      ) : resend.isSuccess ? (
        <FormAlert kind="info" title="Code sent" onClose={() => resend.reset()}>
          {resend.data.message}
        </FormAlert>
      ) : resend.error ? (
        <FormAlert kind="error" title="Reset Failed" onClose={() => resend.reset()}>
          {failureMessage(resend.error, 'Reset failed')}
        </FormAlert>
      ) : (
        arrival && <FormAlert kind="info">{arrival}</FormAlert>
      )}

      <form onSubmit={submit} noValidate aria-label="Reset password">
        <Stack gap="md">
          {storedEmail ? (
            <EmailOnFile
              label="Resetting the password for"
              email={storedEmail}
              onChange={() => setStoredEmail(null)}
            />
          ) : (
            <TextInput
              label="Email Address"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              required
              disabled={done}
              {...form.getInputProps('email')}
            />
          )}
          <CodeField label="Reset Code" required disabled={done} {...form.getInputProps('code')} />
          <PasswordField
            label="New Password"
            description={PASSWORD_HINT}
            autoComplete="new-password"
            placeholder="At least 8 characters"
            required
            disabled={done}
            {...form.getInputProps('newPassword')}
          />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            placeholder="Type it again"
            required
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
