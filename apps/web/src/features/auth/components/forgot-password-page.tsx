import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import { EmailSchema } from '@exemplar/shared/fields';
import { Navigate, useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth/auth-store';
import { paths } from '../../../lib/paths';
import { useForgotPassword } from '../api/forgot-password';
import { getResetEmail, setResetEmail } from '../lib/stored-emails';
import { fieldValidator } from '../lib/validation';
import { AuthCard } from './auth-card';
import { AuthPrompt } from './auth-links';
import { EmailField } from './email-field';
import { FailureAlert } from './form-alert';
import type { ResetLocationState } from './reset-password-page';
import { SubmitButton } from './submit-button';

export function ForgotPasswordPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const forgot = useForgotPassword();

  const form = useForm({
    initialValues: { email: getResetEmail() ?? '' },
    validate: { email: fieldValidator(EmailSchema) },
  });

  if (user) return <Navigate to={paths.dashboard} replace />;

  const submit = form.onSubmit((values) => {
    const email = EmailSchema.parse(values.email);
    forgot.mutate(
      { email },
      {
        onSuccess: ({ message }) => {
          setResetEmail(email);
          const state: ResetLocationState = { message };
          void navigate(paths.resetPassword, { state });
        },
      },
    );
  });

  return (
    <AuthCard
      icon={IconKey}
      title="Forgot your password?"
      subtitle="Enter your email and we'll send you a 6-character code to set a new password."
      footer={
        <>
          <AuthPrompt text="Remembered it?" to={paths.login} link="Back to login" />
          <AuthPrompt text="Have a reset code?" to={paths.resetPassword} link="Enter it here" />
        </>
      }
    >
      {forgot.error && (
        <FailureAlert
          error={forgot.error}
          title="Reset Failed"
          fallback="Reset failed"
          onClose={() => forgot.reset()}
        />
      )}
      <form onSubmit={submit} noValidate aria-label="Forgot password">
        <Stack gap="md">
          <EmailField {...form.getInputProps('email')} />
          <SubmitButton pending={forgot.isPending} pendingLabel="Sending code...">
            Send Reset Code
          </SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
