import { Card, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
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
    <Card role="group" aria-labelledby={id} className={classes.statCard}>
      <Text id={id} size="sm" c="dimmed" fw={600} className={classes.statLabel}>
        {props.label}
      </Text>
      <Text className={classes.statValue}>{props.value}</Text>
      <ThemeIcon
        variant="light"
        color={props.color}
        size={44}
        radius="md"
        aria-hidden
        className={classes.statIcon}
      >
        {props.icon}
      </ThemeIcon>
      <Text size="xs" c="dimmed" className={classes.statHint}>
        {props.hint}
      </Text>
    </Card>
  );
}

/** The superadmin dashboard's counts: total, confirmed, unconfirmed. */
export function SummaryCards({ total, confirmed, unconfirmed }: SummaryCardsProps) {
  // Confirmed and Unconfirmed are hinted with their share of the total.
  const cards = [
    { label: 'Total Users', value: total, hint: 'All accounts', color: 'brand', Icon: IconUsers },
    { label: 'Confirmed', value: confirmed, color: 'teal', Icon: IconUserCheck },
    { label: 'Unconfirmed', value: unconfirmed, color: 'orange', Icon: IconUserQuestion },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing={{ base: 'xs', sm: 'md' }}>
      {cards.map(({ Icon, hint, ...card }) => (
        <StatCard
          key={card.label}
          {...card}
          hint={hint ?? share(card.value, total)}
          icon={<Icon size={24} stroke={1.6} />}
        />
      ))}
    </SimpleGrid>
  );
}
