import { Badge, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock, IconShieldLock } from '@tabler/icons-react';
import { SectionCard } from '../../../components/section-card';
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
    <SectionCard titleId="restricted-title" title="Restricted Areas" icon={IconShieldLock}>
      <Stack gap="sm">
        {areas.map((area) => (
          <RestrictedItem key={area.title} area={area} />
        ))}
      </Stack>
    </SectionCard>
  );
}
