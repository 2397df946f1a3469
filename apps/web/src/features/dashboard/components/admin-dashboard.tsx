import { Badge, Button, Grid, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconBooks, IconLayoutDashboard } from '@tabler/icons-react';
import { SectionCard } from '../../../components/section-card';
import { Link } from 'react-router';
import type { AuthUser } from '../../../lib/auth/auth-store';
import { paths } from '../../../lib/paths';
import classes from './dashboard.module.css';
import { ProfileCard } from './profile-card';
import {
  RestrictedItem,
  SYSTEM_CONFIGURATION_AREA,
  USER_MANAGEMENT_AREA,
} from './restricted-areas';

const CATALOGUE_PARTS = ['Subjects', 'Categories', 'Difficulties', 'Types', 'Examples'];

/**
 * Admins: the 'Admin Dashboard' card. Content management opens /admin; user management
 * (superadmins only) and system configuration show as restricted.
 */
export function AdminDashboard({ user }: { user: AuthUser }) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <SectionCard
          titleId="admin-dashboard-title"
          title="Admin Dashboard"
          icon={IconLayoutDashboard}
          h="100%"
          headingGap={4}
        >
          <Text size="sm" c="dimmed" mb="lg">
            Keep the catalogue of worked examples in shape.
          </Text>

          <div className={classes.featureTile}>
            <Group gap="md" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" size={48} radius="md" aria-hidden>
                <IconBooks size={26} />
              </ThemeIcon>
              <Stack gap={6} miw={0}>
                <Text fw={700} size="lg">
                  Content Management
                </Text>
                <Text size="sm" c="dimmed">
                  Add, edit and delete everything learners browse.
                </Text>
                <div className={classes.catalogueChips}>
                  {CATALOGUE_PARTS.map((part) => (
                    <Badge key={part} variant="default" tt="none" fw={500}>
                      {part}
                    </Badge>
                  ))}
                </div>
              </Stack>
            </Group>
            <Button
              component={Link}
              to={paths.admin}
              rightSection={<IconArrowRight size={16} />}
              className={classes.featureButton}
            >
              Manage Content
            </Button>
          </div>

          <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="xl" mb="sm">
            Not available to your role
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <RestrictedItem area={USER_MANAGEMENT_AREA} />
            <RestrictedItem area={SYSTEM_CONFIGURATION_AREA} />
          </SimpleGrid>
        </SectionCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <ProfileCard user={user} />
      </Grid.Col>
    </Grid>
  );
}
