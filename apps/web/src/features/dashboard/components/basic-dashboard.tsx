import { Grid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AuthUser } from '../../../lib/auth/auth-store';
import { ProfileCard } from './profile-card';
import { ReviewsSection } from './reviews-section';
import {
  RestrictedAreasCard,
  SYSTEM_CONFIGURATION_AREA,
  USER_MANAGEMENT_AREA,
} from './restricted-areas';

/** Learners: own progress and reviews, profile; user management and configuration restricted. */
export function BasicDashboard({ user, progress }: { user: AuthUser; progress: ReactNode }) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          {progress}
          <ReviewsSection />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="lg">
          <ProfileCard user={user} />
          <RestrictedAreasCard areas={[USER_MANAGEMENT_AREA, SYSTEM_CONFIGURATION_AREA]} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
