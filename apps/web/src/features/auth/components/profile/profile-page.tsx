import { Container, Grid, Stack, Text } from '@mantine/core';
import { UserHero } from '../../../../components/user-hero';
import { useAuth } from '../../../../lib/auth/auth-store';
import { displayName, userInitial } from '../../../../lib/auth/user-display';
import { useCurrentUser } from '../../api/get-me';
import { AccountActionsCard } from './account-actions-card';
import { ChangePasswordCard } from './change-password-card';
import { ProfileInfoCard } from './profile-info-card';
import { SecurityCard } from './security-card';
import { TokensSection } from './tokens-section';

function memberSince(createdAt: string | null | undefined): string | null {
  if (!createdAt) return null;
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(date);
}

/** /profile. Rendered inside ProtectedRoute, so the session and GET /auth/me are there. */
export function ProfilePage() {
  const { tokens, user: sessionUser } = useAuth();
  const { data: user } = useCurrentUser(sessionUser?.sub);
  if (!user || !tokens) return null;

  const since = memberSince(user.createdAt);

  return (
    <>
      <UserHero
        look="large"
        titleId="profile-title"
        title={<>Welcome, {displayName(user)}!</>}
        initial={userInitial(user)}
        groups={user.groups}
      >
        {since && (
          <Text size="sm" c="dimmed">
            Member since {since}
          </Text>
        )}
      </UserHero>

      <Container py="xl">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <ProfileInfoCard user={user} />
              <ChangePasswordCard />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <AccountActionsCard />
              <SecurityCard user={user} />
              <TokensSection tokens={tokens} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
