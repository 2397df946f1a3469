import { Button, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatWait } from '../lib/code-cooldown';

interface ResendCodeProps {
  /** Seconds until a new code may be asked for; the button waits until then. */
  wait: number;
  pending: boolean;
  onResend: () => void;
  children?: ReactNode;
}

/** "Didn't get it? Resend Code", disabled with a countdown while the last code is fresh. */
export function ResendCode({ wait, pending, onResend, children }: ResendCodeProps) {
  return (
    <Stack gap={4} align="center">
      <Group justify="center" gap={6}>
        <Text size="sm" c="dimmed">
          Didn&apos;t get it?
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconRefresh size={14} />}
          onClick={onResend}
          loading={pending}
          disabled={wait > 0}
          aria-describedby={wait > 0 ? 'resend-wait' : undefined}
        >
          Resend Code
        </Button>
      </Group>
      {wait > 0 && (
        <Text id="resend-wait" size="xs" c="dimmed" data-testid="resend-wait">
          You can ask for a new code in {formatWait(wait)}
        </Text>
      )}
      {children}
    </Stack>
  );
}
