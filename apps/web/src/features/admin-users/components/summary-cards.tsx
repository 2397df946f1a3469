import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconUserCheck, IconUsers, IconUserQuestion } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './admin-users.module.css';

interface SummaryCardsProps {
  total: number;
  confirmed: number;
  unconfirmed: number;
}

function share(part: number, total: number): string {
  return total > 0 ? `${Math.round((part / total) * 100)}% of all users` : 'No users yet';
}

function StatCard(props: {
  label: string;
  value: number;
  hint: string;
  color: string;
  icon: ReactNode;
}) {
  const id = `stat-${props.label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card padding="lg" role="group" aria-labelledby={id} className={classes.statCard}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text id={id} size="sm" c="dimmed" fw={600}>
            {props.label}
          </Text>
          <Text className={classes.statValue} data-testid={`${id}-value`}>
            {props.value}
          </Text>
        </div>
        <ThemeIcon variant="light" color={props.color} size={44} radius="md" aria-hidden>
          {props.icon}
        </ThemeIcon>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {props.hint}
      </Text>
    </Card>
  );
}

/** The superadmin dashboard's counts: total, confirmed, unconfirmed (spec §2, §3). */
export function SummaryCards({ total, confirmed, unconfirmed }: SummaryCardsProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      <StatCard
        label="Total Users"
        value={total}
        hint="Every account, confirmed or not"
        color="brand"
        icon={<IconUsers size={24} stroke={1.6} />}
      />
      <StatCard
        label="Confirmed"
        value={confirmed}
        hint={share(confirmed, total)}
        color="teal"
        icon={<IconUserCheck size={24} stroke={1.6} />}
      />
      <StatCard
        label="Unconfirmed"
        value={unconfirmed}
        hint={share(unconfirmed, total)}
        color="orange"
        icon={<IconUserQuestion size={24} stroke={1.6} />}
      />
    </SimpleGrid>
  );
}
