import { Alert, Group, Stack, Button } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import { ErrorAlert } from '../../../../components/query-state/error-alert';
import { SectionCard } from '../../../../components/section-card';
import { PASSWORD_MIN, PasswordInputSchema } from '@exemplar/shared/fields';
import { useChangePassword } from '../../api/change-password';
import { fieldValidator, PASSWORD_TOO_SHORT, PASSWORDS_DO_NOT_MATCH } from '../../lib/validation';
import { NewPasswordField, PasswordField } from '../password-field';
import { failureMessage } from '../../../../lib/api-error';

/** POST /auth/change-password: current, new and confirm; the server's answer is shown. */
export function ChangePasswordCard() {
  const change = useChangePassword();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: fieldValidator(PasswordInputSchema),
      newPassword: (value) => (value.length < PASSWORD_MIN ? PASSWORD_TOO_SHORT : null),
      confirmPassword: (value, values) =>
        value !== values.newPassword ? PASSWORDS_DO_NOT_MATCH : null,
    },
  });

  const submit = form.onSubmit((values) => {
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      { onSuccess: () => form.reset() },
    );
  });

  return (
    <SectionCard titleId="change-password-title" title="Change Password" icon={IconLock}>
      <form onSubmit={submit} noValidate aria-label="Change password">
        <Stack gap="md">
          {change.isSuccess && (
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
              {change.data}
            </Alert>
          )}
          {change.error && (
            <ErrorAlert title="Password Change Failed">
              {failureMessage(change.error, 'Password change failed')}
            </ErrorAlert>
          )}
          <PasswordField
            label="Current Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
          <NewPasswordField label="New Password" withHint {...form.getInputProps('newPassword')} />
          <NewPasswordField
            label="Confirm New Password"
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Change Password
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
