import { Avatar, Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { can } from '@exemplar/shared/roles';
import type { ReactNode } from 'react';
import { RoleBadge } from '../../../components/role-badge';
import { useAuth } from '../../../lib/auth/auth-store';
import { displayName, userInitial } from '../../../lib/auth/user-display';
import { AdminDashboard } from './admin-dashboard';
import { BasicDashboard } from './basic-dashboard';
import classes from './dashboard.module.css';

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
      <Box component="section" className={classes.hero} aria-labelledby="dashboard-title">
        <Container py={{ base: 24, sm: 40 }}>
          <Group gap="md" wrap="nowrap" align="center">
            <Avatar
              size={64}
              radius={64}
              variant="gradient"
              gradient={{ from: 'brand.6', to: 'grape.6', deg: 135 }}
              fz={28}
              aria-hidden
              visibleFrom="xs"
            >
              {userInitial(user)}
            </Avatar>
            <Stack gap={6} miw={0}>
              <Title order={1} id="dashboard-title" fz={{ base: 24, sm: 30 }} lh={1.2}>
                Welcome, {displayName(user)}!
              </Title>
              <Group gap="xs">
                <RoleBadge groups={user.groups} size="md" />
                <Text size="sm" c="dimmed">
                  {SUBTITLES[role]}
                </Text>
              </Group>
            </Stack>
          </Group>
        </Container>
      </Box>
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
