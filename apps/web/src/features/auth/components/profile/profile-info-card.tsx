import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconEdit, IconUser } from '@tabler/icons-react';
import { NameSchema } from '@exemplar/shared/fields';
import { useState } from 'react';
import type { CurrentUser } from '../../api/get-me';
import { useUpdateMe } from '../../api/update-me';
import { fieldValidator } from '../../lib/validation';
import { ErrorAlert } from '../../../../components/query-state/error-alert';
import { failureMessage } from '../../../../lib/api-error';
import { SectionHeading } from '../../../../components/section-heading';

export const EMAIL_DISABLED_NOTE =
  'Email changes require additional verification and are currently disabled.';

function InfoRow({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
        {label}
      </Text>
      <Text
        fw={500}
        ff={mono ? 'monospace' : undefined}
        size={mono ? 'sm' : undefined}
        style={{ wordBreak: 'break-all' }}
      >
        {value}
      </Text>
    </div>
  );
}

/** /profile: full name, email and user ID; edit mode saves the name (PATCH /auth/me). */
export function ProfileInfoCard({ user }: { user: CurrentUser }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateMe();
  const form = useForm({
    initialValues: { name: user.name },
    validate: { name: fieldValidator(NameSchema) },
  });

  const startEditing = () => {
    form.setValues({ name: user.name });
    form.resetDirty({ name: user.name });
    update.reset();
    setEditing(true);
  };

  const save = form.onSubmit((values) => {
    update.mutate(
      { name: NameSchema.parse(values.name) },
      {
        onSuccess: () => {
          setEditing(false);
          notifications.show({
            color: 'teal',
            icon: <IconCheck size={18} />,
            title: 'Profile updated',
            message: 'Your name has been saved.',
          });
        },
      },
    );
  });

  return (
    <Card padding="lg" component="section" aria-labelledby="profile-info-title">
      <Group justify="space-between" mb="md" gap="xs">
        <SectionHeading id="profile-info-title" icon={IconUser}>
          Profile Information
        </SectionHeading>
        {!editing && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconEdit size={14} />}
            onClick={startEditing}
          >
            Edit Profile
          </Button>
        )}
      </Group>

      {editing ? (
        <form onSubmit={save} noValidate aria-label="Edit profile">
          <Stack gap="md">
            {update.error && (
              <ErrorAlert title="Update Failed">
                {failureMessage(update.error, 'Failed to update profile')}
              </ErrorAlert>
            )}
            <TextInput
              label="Full Name"
              autoComplete="name"
              required
              data-autofocus
              {...form.getInputProps('name')}
            />
            <TextInput
              label="Email"
              value={user.email}
              disabled
              description={EMAIL_DISABLED_NOTE}
            />
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                onClick={() => setEditing(false)}
                disabled={update.isPending}
              >
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending}>
                Save Changes
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="md">
          <InfoRow label="Full Name" value={user.name || 'Not set'} />
          <InfoRow label="Email" value={user.email} />
          <InfoRow label="User ID" value={user.username} mono />
        </Stack>
      )}
    </Card>
  );
}
