import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLayoutDashboard, IconLogout, IconSettings } from '@tabler/icons-react';
import { CardActionButton } from '../../../../components/card-action-button';
import { SectionCard } from '../../../../components/section-card';
import { useLogout } from '../../../../lib/auth/use-logout';
import { paths } from '../../../../lib/paths';

export const LOGOUT_QUESTION = 'Are you sure you want to logout?';

/** Dashboard link and Logout, which asks first. */
export function AccountActionsCard() {
  const logout = useLogout();

  const confirmLogout = () =>
    modals.openConfirmModal({
      title: 'Logout',
      centered: true,
      children: <Text size="sm">{LOGOUT_QUESTION}</Text>,
      labels: { confirm: 'Logout', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void logout(),
    });

  return (
    <SectionCard titleId="account-actions-title" title="Account Actions" icon={IconSettings}>
      <Stack gap="sm">
        <CardActionButton to={paths.dashboard} variant="light" icon={IconLayoutDashboard}>
          Dashboard
        </CardActionButton>
        <CardActionButton variant="outline" color="red" icon={IconLogout} onClick={confirmLogout}>
          Logout
        </CardActionButton>
      </Stack>
    </SectionCard>
  );
}
