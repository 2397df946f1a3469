import { Container, Text } from '@mantine/core';
import { can } from '@exemplar/shared/roles';
import type { ReactNode } from 'react';
import { UserHero } from '../../../components/user-hero';
import { useAuth } from '../../../lib/auth/auth-store';
import { displayName, userInitial } from '../../../lib/auth/user-display';
import { AdminDashboard } from './admin-dashboard';
import { BasicDashboard } from './basic-dashboard';

type Dashboard = 'superadmin' | 'admin' | 'basic';

const SUBTITLES: Readonly<Record<Dashboard, string>> = {
  superadmin: 'Manage user accounts and keep an eye on recent activity.',
  admin: 'Maintain the catalogue of worked examples.',
  basic: 'Your profile and learning progress in one place.',
};

/** Who manages users gets user management; who maintains the catalogue, the admin dashboard. */
function dashboardOf(groups: readonly string[]): Dashboard {
  if (can(groups, 'users:manage')) return 'superadmin';
  if (can(groups, 'catalogue:write')) return 'admin';
  return 'basic';
}

interface DashboardPageProps {
  /** The superadmin's user management (composed by the route: features stay apart). */
  superadmin: ReactNode;
  /** The learner's 'My Progress' card (composed by the app). */
  progress: ReactNode;
}

/** /dashboard for a signed-in user: one of three dashboards by what the user may do. */
export function DashboardPage({ superadmin, progress }: DashboardPageProps) {
  const { user } = useAuth();
  if (!user) return null;
  const role = dashboardOf(user.groups);

  return (
    <>
      <UserHero
        look="compact"
        titleId="dashboard-title"
        title={<>Welcome, {displayName(user)}!</>}
        initial={userInitial(user)}
        groups={user.groups}
      >
        <Text size="sm" c="dimmed">
          {SUBTITLES[role]}
        </Text>
      </UserHero>
      <Container py={{ base: 'lg', sm: 'xl' }} data-dashboard={role}>
        {role === 'superadmin' ? (
          superadmin
        ) : role === 'admin' ? (
          <AdminDashboard user={user} />
        ) : (
          <BasicDashboard user={user} progress={progress} />
        )}
      </Container>
    </>
  );
}
