import {
  Badge,
  Button,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBooks, IconLayoutDashboard, IconLock, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { AuthUser } from '../../../lib/auth/auth-store';
import { paths } from '../../../lib/paths';
import classes from './dashboard.module.css';
import { ProfileCard } from './profile-card';
import {
  RestrictedAreasCard,
  SYSTEM_CONFIGURATION_AREA,
  USER_MANAGEMENT_AREA,
} from './restricted-areas';

const CATALOGUE_PARTS = ['Subjects', 'Categories', 'Difficulties', 'Types', 'Examples'];

/**
 * Admins (spec §6): the 'Admin Dashboard' card. Content management opens /admin; user management
 * is for superadmins and system configuration for nobody here, so both show as restricted.
 */
export function AdminDashboard({ user }: { user: AuthUser }) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card padding="lg" component="section" aria-labelledby="admin-dashboard-title" h="100%">
          <Group gap="xs" mb={4} wrap="nowrap">
            <IconLayoutDashboard size={20} stroke={1.7} />
            <Title order={2} size="h4" id="admin-dashboard-title">
              Admin Dashboard
            </Title>
          </Group>
          <Text size="sm" c="dimmed" mb="lg">
            Keep the catalogue of worked examples in shape.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Stack gap="sm" className={classes.tile}>
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
                  <IconBooks size={22} />
                </ThemeIcon>
                <Text fw={700}>Content Management</Text>
              </Group>
              <Text size="sm" c="dimmed">
                Add, edit and delete the catalogue:
              </Text>
              <div className={classes.catalogueChips}>
                {CATALOGUE_PARTS.map((part) => (
                  <Badge key={part} variant="light" color="gray" tt="none">
                    {part}
                  </Badge>
                ))}
              </div>
              <Button component={Link} to={paths.admin} mt="auto" fullWidth>
                Manage Content
              </Button>
            </Stack>
            <Stack gap="sm" className={classes.tile}>
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" color="gray" size={40} radius="md" aria-hidden>
                  <IconUsers size={22} />
                </ThemeIcon>
                <Text fw={700}>User Management</Text>
                <Badge size="xs" variant="outline" color="gray" ml="auto">
                  Restricted
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                Accounts and roles are managed by Super Admins.
              </Text>
              <Button
                variant="default"
                mt="auto"
                fullWidth
                disabled
                leftSection={<IconLock size={16} />}
              >
                Super Admins only
              </Button>
            </Stack>
          </SimpleGrid>
        </Card>
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
