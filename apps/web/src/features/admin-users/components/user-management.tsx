import { Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { ROLE_LABELS } from '@exemplar/shared/roles';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/query-state/error-alert';
import { NoticeAlert } from '../../../components/query-state/notice-alert';
import { useAuth } from '../../../lib/auth/auth-store';
import { errorMessage, type AdminUserView } from '../api/admin-user';
import { deleteUser } from '../api/delete-user';
import { useUsersDashboard } from '../api/get-users-dashboard';
import { saveUserChanges, useInvalidateAfterUserChange } from '../api/save-user-changes';
import { useTimedMessage, type TimedMessage } from '../hooks/use-timed-message';
import { bannerFrom } from '../lib/dashboard-state';
import { DASHBOARD_LOAD_FAILED, DELETE_FAILED, UPDATE_FAILED } from '../lib/messages';
import { onlyEnabledSuperadmin } from '../lib/only-superadmin';
import { roleChange, type UserChanges } from '../lib/user-changes';
import { AuditLogPanel } from './audit-log-panel';
import { confirmUserAction } from './confirm-user-action';
import { DeleteUserQuestion } from './delete-user-question';
import { DisableUserQuestion } from './disable-user-question';
import { SummaryCards } from './summary-cards';
import { UsersList } from './users-list';
import type { QuickAction } from './user-row-actions';

const only = (update: UserChanges['update']): UserChanges => ({
  update,
  addRoles: [],
  removeRoles: [],
});

function LoadingDashboard() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading dashboard">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        {[0, 1, 2].map((i) => (
          <Card key={i} padding="lg">
            <Skeleton height={12} width="50%" mb="sm" />
            <Skeleton height={28} width="30%" />
          </Card>
        ))}
      </SimpleGrid>
      <Card padding="lg">
        <Skeleton height={14} width={120} mb="lg" />
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={36} mb="sm" />
        ))}
      </Card>
    </Stack>
  );
}

/**
 * The superadmin dashboard: counts, the user list with search, sort and quick
 * actions, success banners that clear after 3 s, and the recent audit log.
 */
export function UserManagement() {
  const { user: me } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const dashboard = useUsersDashboard();
  const invalidate = useInvalidateAfterUserChange();
  const [busyUsername, setBusyUsername] = useState<string | null>(null);

  // A banner handed over by the page we came from (e.g. after deleting a user there).
  const handedOver = bannerFrom(location.state);
  const banner = useTimedMessage(handedOver ? { text: handedOver, tone: 'success' } : null);
  useEffect(() => {
    // Shown once: a reload or Back must not bring it back.
    if (handedOver) {
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const run = async (
    user: AdminUserView,
    work: () => Promise<string>,
    failure: string,
  ): Promise<void> => {
    setBusyUsername(user.username);
    let message: TimedMessage;
    try {
      message = { text: await work(), tone: 'success' };
    } catch (error) {
      message = { title: failure, text: errorMessage(error), tone: 'error' };
    }
    setBusyUsername(null);
    banner.show(message);
    invalidate(user.username);
  };

  const onAction = (user: AdminUserView, action: QuickAction) => {
    const who = user.email || user.username;
    switch (action.type) {
      case 'enable':
        // Enabling takes nothing away and is undone by Disable: it happens at once.
        void run(
          user,
          async () => {
            await saveUserChanges(user, only({ enabled: true }));
            return `${who} has been enabled.`;
          },
          UPDATE_FAILED,
        );
        return;
      case 'disable':
        // Disabling signs the user out at once: it asks first, as Delete does.
        confirmUserAction({
          title: 'Disable User',
          question: <DisableUserQuestion user={user} self={user.username === me?.sub} />,
          confirm: 'Disable',
          onConfirm: () =>
            void run(
              user,
              async () => {
                await saveUserChanges(user, only({ enabled: false }));
                return `${who} has been disabled.`;
              },
              UPDATE_FAILED,
            ),
        });
        return;
      case 'confirm':
        void run(
          user,
          async () => {
            await saveUserChanges(user, only({ confirmed: true }));
            return `${who} has been confirmed.`;
          },
          UPDATE_FAILED,
        );
        return;
      case 'role':
        void run(
          user,
          async () => {
            await saveUserChanges(user, roleChange(user, action.role));
            return `${who} is now ${ROLE_LABELS[action.role]}.`;
          },
          UPDATE_FAILED,
        );
        return;
      case 'delete':
        confirmUserAction({
          title: 'Delete User',
          question: <DeleteUserQuestion user={user} self={user.username === me?.sub} />,
          confirm: 'Delete',
          onConfirm: () => void run(user, () => deleteUser(user.username), DELETE_FAILED),
        });
        return;
    }
  };

  return (
    <Stack gap="lg">
      {banner.message && (
        <NoticeAlert kind={banner.message.tone} title={banner.message.title} onClose={banner.clear}>
          {banner.message.text}
        </NoticeAlert>
      )}

      {dashboard.isPending ? (
        <LoadingDashboard />
      ) : dashboard.isError ? (
        <ErrorAlert
          title={DASHBOARD_LOAD_FAILED}
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        >
          <Text size="sm">{errorMessage(dashboard.error)}</Text>
        </ErrorAlert>
      ) : (
        <>
          <SummaryCards
            total={dashboard.data.total}
            confirmed={dashboard.data.confirmed}
            unconfirmed={dashboard.data.unconfirmed}
          />
          <UsersList
            users={dashboard.data.users}
            currentUsername={me?.sub}
            busyUsername={busyUsername}
            onlySuperadmin={onlyEnabledSuperadmin(dashboard.data.users)}
            onAction={onAction}
          />
        </>
      )}

      <AuditLogPanel />
    </Stack>
  );
}
