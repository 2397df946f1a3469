import { Button, Group, Paper, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import classes from './auth.module.css';

interface EmailOnFileProps {
  label: string;
  email: string;
  onChange: () => void;
  changeLabel?: string;
}

/** The stored email a code was sent to, with a way to use another one. */
export function EmailOnFile({ label, email, onChange, changeLabel = 'Change' }: EmailOnFileProps) {
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
      <Group gap="sm" wrap="nowrap" justify="space-between" align="center">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <IconMail size={20} stroke={1.6} style={{ flexShrink: 0 }} />
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" fw={600} className={classes.emailChip} data-testid="email-on-file">
              {email}
            </Text>
          </div>
        </Group>
        <Button variant="subtle" size="compact-xs" onClick={onChange} style={{ flexShrink: 0 }}>
          {changeLabel}
        </Button>
      </Group>
    </Paper>
  );
}
