import { Avatar, Box, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { RoleBadge } from '../../../../components/role-badge';
import { useAuth } from '../../../../lib/auth/auth-store';
import { displayName, userInitial } from '../../../../lib/auth/user-display';
import { useCurrentUser } from '../../api/get-me';
import classes from '../auth.module.css';
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
      <Box component="section" className={classes.hero} aria-labelledby="profile-title">
        <Container py={{ base: 32, sm: 48 }}>
          <Group gap="lg" wrap="nowrap" align="center">
            <Avatar
              size={80}
              radius={80}
              variant="gradient"
              gradient={{ from: 'brand.6', to: 'grape.6', deg: 135 }}
              fz={34}
              aria-hidden
            >
              {userInitial(user)}
            </Avatar>
            <Stack gap={6} miw={0}>
              <Title order={1} id="profile-title" fz={{ base: 24, sm: 32 }} lh={1.2}>
                Welcome, {displayName(user)}!
              </Title>
              <Group gap="xs">
                <RoleBadge groups={user.groups} size="md" />
                {since && (
                  <Text size="sm" c="dimmed">
                    Member since {since}
                  </Text>
                )}
              </Group>
            </Stack>
          </Group>
        </Container>
      </Box>

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
