import { Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconShieldLock } from '@tabler/icons-react';
import classes from './dashboard.module.css';

export interface RestrictedArea {
  title: string;
  description: string;
}

export const USER_MANAGEMENT_AREA: RestrictedArea = {
  title: 'User Management',
  description: 'Managing accounts and roles is for Super Admins.',
};

export const SYSTEM_CONFIGURATION_AREA: RestrictedArea = {
  title: 'System Configuration',
  description: 'System settings are not available to your role.',
};

export function RestrictedItem({ area }: { area: RestrictedArea }) {
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      className={classes.restrictedItem}
      role="group"
      aria-label={`${area.title} (restricted)`}
    >
      <ThemeIcon variant="light" color="gray" size={32} radius="md" aria-hidden>
        <IconLock size={16} />
      </ThemeIcon>
      <Stack gap={2} miw={0} flex={1}>
        <Group gap={6} justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm">
            {area.title}
          </Text>
          <Badge size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }}>
            Restricted
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {area.description}
        </Text>
      </Stack>
    </Group>
  );
}

/** What the user's role does not open, shown plainly rather than hidden. */
export function RestrictedAreasCard({ areas }: { areas: readonly RestrictedArea[] }) {
  return (
    <Card padding="lg" component="section" aria-labelledby="restricted-title">
      <Group gap="xs" mb="md" wrap="nowrap">
        <IconShieldLock size={20} stroke={1.7} />
        <Title order={2} size="h4" id="restricted-title">
          Restricted Areas
        </Title>
      </Group>
      <Stack gap="sm">
        {areas.map((area) => (
          <RestrictedItem key={area.title} area={area} />
        ))}
      </Stack>
    </Card>
  );
}
