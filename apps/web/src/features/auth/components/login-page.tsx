import { Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLogin2 } from '@tabler/icons-react';
import { EmailSchema, PasswordInputSchema } from '@exemplar/shared/fields';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { hasCode } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/auth-store';
import { paths } from '../../../lib/paths';
import { useLogin } from '../api/login';
import { afterLoginPath, NEXT_PARAM } from '../lib/redirect';
import { setPendingEmail } from '../lib/stored-emails';
import { fieldValidator } from '../lib/validation';
import { AuthCard } from './auth-card';
import { AuthLink, AuthPrompt } from './auth-links';
import { EmailField } from './email-field';
import { NoticeAlert } from '../../../components/query-state/notice-alert';
import { FailureAlert } from './form-alert';
import { PasswordField } from './password-field';
import { SubmitButton } from './submit-button';

/** Shown when the server gave no message. */
export const LOGIN_FAILED = 'Login failed';

/** The account exists but its email is not confirmed yet: the user is sent to enter the code. */
const isNotConfirmed = (error: Error) => hasCode(error, 'UserNotConfirmed');

/** Arriving from a confirmation or a reset, the email is filled in already. */
export interface LoginLocationState {
  email?: string;
}

export function LoginPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const login = useLogin();
  const next = params.get(NEXT_PARAM);
  const prefill = (location.state as LoginLocationState | null)?.email ?? '';

  const form = useForm({
    initialValues: { email: prefill, password: '' },
    validate: {
      email: fieldValidator(EmailSchema),
      password: fieldValidator(PasswordInputSchema),
    },
  });

  // Signed in (already, or just now): off to the dashboard, or back to the page that asked.
  if (user) return <Navigate to={afterLoginPath(next)} replace />;

  const submit = form.onSubmit((values) => {
    const email = EmailSchema.parse(values.email);
    login.mutate(
      { email, password: values.password },
      {
        onError: (error) => {
          if (isNotConfirmed(error)) {
            setPendingEmail(email);
            void navigate(paths.confirm, { state: { reason: 'unconfirmed' } });
          }
        },
      },
    );
  });

  const error = login.error && !isNotConfirmed(login.error) ? login.error : null;

  return (
    <AuthCard
      icon={IconLogin2}
      title="Welcome back"
      subtitle="Sign in to keep your likes, solved examples and dashboard."
      footer={
        <>
          <AuthPrompt text="New to Exemplar?" to={paths.register} link="Create an account" />
          <AuthPrompt text="Got a code by email?" to={paths.confirm} link="Confirm registration" />
        </>
      }
    >
      {next && !error && (
        <NoticeAlert kind="info">Please log in to continue to that page.</NoticeAlert>
      )}
      {error && (
        <FailureAlert
          error={error}
          title="Login Failed"
          fallback={LOGIN_FAILED}
          onClose={() => login.reset()}
        />
      )}
      <form onSubmit={submit} noValidate aria-label="Login">
        <Stack gap="md">
          <EmailField {...form.getInputProps('email')} />
          <Stack gap={6}>
            <PasswordField
              label="Password"
              autoComplete="current-password"
              placeholder="Your password"
              required
              {...form.getInputProps('password')}
            />
            <Group justify="flex-end">
              <AuthLink to={paths.forgotPassword}>Forgot password?</AuthLink>
            </Group>
          </Stack>
          <SubmitButton pending={login.isPending} pendingLabel="Signing you in...">
            Sign In
          </SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
