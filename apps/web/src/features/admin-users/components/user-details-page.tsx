import { Button, Container, Group, Stack, Text } from '@mantine/core';
import { can } from '@exemplar/shared/roles';
import { IconUserOff } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { ErrorAlert } from '../../../components/query-state/error-alert';
import { isNotFound } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth/auth-store';
import { paths } from '../../../lib/paths';
import { errorMessage } from '../api/admin-user';
import { useUser } from '../api/get-user';
import { USER_LOAD_FAILED, USER_NOT_FOUND } from '../lib/messages';
import { UserDetails } from './user-details';
import { BackButton, CenteredState, LoadingUser, Restricted } from './user-details-states';

function UserDetailsScreen({ userId }: { userId: string }) {
  const query = useUser(userId);

  if (query.isPending) return <LoadingUser />;
  if (query.isError) {
    if (isNotFound(query.error)) {
      return (
        <CenteredState icon={<IconUserOff size={28} />} color="gray" title={USER_NOT_FOUND}>
          <Text c="dimmed">There is no account with the username {userId}.</Text>
          <Button component={Link} to={paths.dashboard} variant="light" mt="sm">
            Back to Dashboard
          </Button>
        </CenteredState>
      );
    }
    return (
      <ErrorAlert
        title={USER_LOAD_FAILED}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      >
        <Text size="sm">{errorMessage(query.error)}</Text>
      </ErrorAlert>
    );
  }
  return <UserDetails user={query.data} />;
}

/**
 * /dashboard/user/{userId}: one account for a superadmin to read, edit or delete.
 * Without a userId it goes back to /dashboard.
 */
export function UserDetailsPage({ userId }: { userId: string | undefined }) {
  const { user: me } = useAuth();
  if (!userId) return <Navigate to={paths.dashboard} replace />;
  const allowed = can(me?.groups, 'users:manage');

  return (
    <Container size="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Group>
          <BackButton />
        </Group>
        {allowed ? <UserDetailsScreen key={userId} userId={userId} /> : <Restricted />}
      </Stack>
    </Container>
  );
}
