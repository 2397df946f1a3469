import { Grid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AuthUser } from '../../../lib/auth/auth-store';
import { ProfileCard } from './profile-card';
import {
  RestrictedAreasCard,
  SYSTEM_CONFIGURATION_AREA,
  USER_MANAGEMENT_AREA,
} from './restricted-areas';

/** Learners: profile and own progress; user management and configuration restricted. */
export function BasicDashboard({ user, progress }: { user: AuthUser; progress: ReactNode }) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>{progress}</Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="lg">
          <ProfileCard user={user} />
          <RestrictedAreasCard areas={[USER_MANAGEMENT_AREA, SYSTEM_CONFIGURATION_AREA]} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
