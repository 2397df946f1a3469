import { Button, Checkbox, Divider, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { PASSWORD_HINT, PASSWORD_MIN } from '@exemplar/shared/fields';
import { ROLE_LABELS, ROLES, type Role } from '@exemplar/shared/roles';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, isConfirmed, type AdminUserView } from '../api/admin-user';
import { useSaveUserChanges } from '../api/save-user-changes';
import { UPDATE_FAILED } from '../lib/messages';
import { editValuesOf, hasChanges, userChanges, type EditUserValues } from '../lib/user-changes';
import fields from '../../../components/muted-placeholders.module.css';
import { NoticeAlert } from '../../../components/query-state/notice-alert';

/** The dialog closes this long after a successful save. */
export const DIALOG_CLOSE_DELAY_MS = 1500;

export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters long.';

const ROLE_DESCRIPTIONS: Readonly<Record<Role, string>> = {
  superadmin: 'superadmin: manages user accounts and roles',
  admin: 'admin: maintains the catalogue of examples',
  basic: 'basic: browses, likes and solves examples',
};

interface EditUserDialogProps {
  user: AdminUserView;
  opened: boolean;
  /**
   * Set for the only enabled superadmin: why Enabled and the Super Admin role cannot be taken away
   * (the server would refuse).
   */
  lockedReason?: string | null;
  /** Closes the dialog; `saved` when it closes after a successful save. */
  onClose: (saved: boolean) => void;
}

function EditUserForm({ user, lockedReason, onClose }: Omit<EditUserDialogProps, 'opened'>) {
  const save = useSaveUserChanges();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<EditUserValues>({
    initialValues: editValuesOf(user),
    validate: {
      password: (value) =>
        value !== '' && value.length < PASSWORD_MIN ? PASSWORD_TOO_SHORT : null,
    },
  });
  const changes = userChanges(user, form.values);
  const changed = hasChanges(changes);
  const confirmed = isConfirmed(user);

  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => closeRef.current(true), DIALOG_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const submit = form.onSubmit((values) => {
    const toSave = userChanges(user, values);
    // Nothing changed: nothing is sent.
    if (!hasChanges(toSave)) return;
    save.mutate({ user, changes: toSave }, { onSuccess: (message) => setSaved(message) });
  });

  const locked = save.isPending || saved !== null;

  return (
    <form onSubmit={submit} noValidate aria-label="Edit user">
      <Stack gap="md">
        {saved && <NoticeAlert kind="success">{saved}</NoticeAlert>}
        {save.isError && (
          <NoticeAlert kind="error" title={UPDATE_FAILED} onClose={save.reset}>
            {errorMessage(save.error)}
          </NoticeAlert>
        )}

        <PasswordInput
          label="New Password"
          description={`Leave empty to keep the current password. ${PASSWORD_HINT}`}
          placeholder="Keep current password"
          autoComplete="new-password"
          disabled={locked}
          {...form.getInputProps('password')}
        />

        <Divider label="Account" labelPosition="left" />
        <Stack gap="sm">
          <Checkbox
            label="Enabled"
            description={
              lockedReason ?? 'A disabled account is signed out at once and cannot sign in.'
            }
            disabled={locked || Boolean(lockedReason)}
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
          <Checkbox
            label="Account Confirmed"
            description={
              confirmed
                ? 'A confirmed account cannot be unconfirmed.'
                : 'Confirms the account without the emailed code.'
            }
            disabled={confirmed || locked}
            {...form.getInputProps('confirmed', { type: 'checkbox' })}
          />
          <Checkbox
            label="Email Verified"
            disabled={locked}
            {...form.getInputProps('emailVerified', { type: 'checkbox' })}
          />
        </Stack>

        <Checkbox.Group
          label="Roles"
          description="The highest role applies: Super Admin, then Admin, then User."
          disabled={locked}
          {...form.getInputProps('roles')}
        >
          <Stack gap="sm" mt="xs">
            {ROLES.map((role) => (
              <Checkbox
                key={role}
                value={role}
                label={ROLE_LABELS[role]}
                description={
                  lockedReason && role === 'superadmin'
                    ? `${ROLE_DESCRIPTIONS[role]}. The only enabled superadmin keeps this role.`
                    : ROLE_DESCRIPTIONS[role]
                }
                disabled={Boolean(lockedReason) && role === 'superadmin'}
              />
            ))}
          </Stack>
        </Checkbox.Group>

        {!changed && !saved && (
          <Text size="xs" c="dimmed">
            Nothing has changed yet.
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onClose(false)} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!changed || saved !== null}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Edit User: password (empty keeps it), enabled, Account Confirmed (disabled once
 * confirmed), email verified and roles. Only changed fields are sent; closes 1.5 s after a save.
 */
export function EditUserDialog({ user, opened, lockedReason, onClose }: EditUserDialogProps) {
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={() => onClose(false)}
      title={
        <Stack gap={0}>
          <Text fw={700} size="lg">
            Edit User
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
        </Stack>
      }
      size="lg"
      fullScreen={phone}
      centered
      classNames={{ body: fields.mutedPlaceholders }}
    >
      {opened && <EditUserForm user={user} lockedReason={lockedReason} onClose={onClose} />}
    </Modal>
  );
}
