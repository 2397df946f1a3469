import { Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUserPlus } from '@tabler/icons-react';
import { EmailSchema, NameSchema, PasswordInputSchema } from '@exemplar/shared/fields';
import { Navigate, useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth/auth-store';
import { paths } from '../../../lib/paths';
import { useRegister } from '../api/register';
import { setPendingEmail } from '../lib/stored-emails';
import { fieldValidator } from '../lib/validation';
import { AuthCard } from './auth-card';
import { AuthLink, AuthPrompt } from './auth-links';
import type { ConfirmLocationState } from './confirm-page';
import { EmailField } from './email-field';
import { FailureAlert } from './form-alert';
import { NewPasswordField } from './password-field';
import { SubmitButton } from './submit-button';

/** Shown when the server gave no message. */
export const REGISTRATION_FAILED = 'Registration failed';

export function RegisterPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const register = useRegister();

  const form = useForm({
    initialValues: { name: '', email: '', password: '' },
    validate: {
      name: fieldValidator(NameSchema),
      email: fieldValidator(EmailSchema),
      // Required only: the policy in the hint is the server's to enforce.
      password: fieldValidator(PasswordInputSchema),
    },
  });

  if (user) return <Navigate to={paths.dashboard} replace />;

  const submit = form.onSubmit((values) => {
    const email = EmailSchema.parse(values.email);
    register.mutate(
      { name: NameSchema.parse(values.name), email, password: values.password },
      {
        onSuccess: (message) => {
          setPendingEmail(email);
          const state: ConfirmLocationState = { reason: 'registered', message };
          void navigate(paths.confirm, { state });
        },
      },
    );
  });

  return (
    <AuthCard
      icon={IconUserPlus}
      title="Create your account"
      subtitle="Keep track of the examples you like and solve. We'll email you a code to confirm it's you."
      footer={
        <>
          <AuthPrompt text="Already have an account?" to={paths.login} link="Sign in" />
          <Group gap="lg" justify="center">
            <AuthLink to={paths.confirm}>Already have a code?</AuthLink>
            <AuthLink to={paths.forgotPassword}>Forgot password?</AuthLink>
          </Group>
        </>
      }
    >
      {register.error && (
        <FailureAlert
          error={register.error}
          title="Registration Failed"
          fallback={REGISTRATION_FAILED}
          onClose={() => register.reset()}
        />
      )}
      <form onSubmit={submit} noValidate aria-label="Register">
        <Stack gap="md">
          <TextInput
            label="Full Name"
            autoComplete="name"
            placeholder="Ada Lovelace"
            required
            {...form.getInputProps('name')}
          />
          <EmailField {...form.getInputProps('email')} />
          <NewPasswordField
            label="Password"
            withHint
            placeholder="Choose a password"
            {...form.getInputProps('password')}
          />
          <SubmitButton pending={register.isPending} pendingLabel="Creating your account...">
            Create Account
          </SubmitButton>
        </Stack>
      </form>
    </AuthCard>
  );
}
