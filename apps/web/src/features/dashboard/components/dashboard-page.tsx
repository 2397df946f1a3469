import { Avatar, Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { highestRole, type Role } from '@exemplar/shared/roles';
import type { ReactNode } from 'react';
import { RoleBadge } from '../../../components/role-badge';
import { useAuth } from '../../../lib/auth/auth-store';
import { displayName, userInitial } from '../../../lib/auth/user-display';
import { AdminDashboard } from './admin-dashboard';
import { BasicDashboard } from './basic-dashboard';
import classes from './dashboard.module.css';

const SUBTITLES: Readonly<Record<Role, string>> = {
  superadmin: 'Manage user accounts and keep an eye on recent activity.',
  admin: 'Maintain the catalogue of worked examples.',
  basic: 'Your profile and learning progress in one place.',
};

interface DashboardPageProps {
  /** The superadmin's user management (composed by the route: features stay apart). */
  superadmin: ReactNode;
  /** The learner's progress, given the empty state to show before any (composed by the route). */
  progress: (empty: ReactNode) => ReactNode;
}

/** /dashboard for a signed-in user: one of three dashboards by highest role. */
export function DashboardPage({ superadmin, progress }: DashboardPageProps) {
  const { user } = useAuth();
  if (!user) return null;
  const role = highestRole(user.groups);

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
