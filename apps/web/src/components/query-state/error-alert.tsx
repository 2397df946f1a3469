import { Alert, Button, Group } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface ErrorAlertProps {
  title?: string;
  children: ReactNode;
  /** Shows a Dismiss button. */
  onClose?: () => void;
  /** Shows a 'Try Again' button under the message. */
  onRetry?: () => void;
  /** The retry is under way: the button spins. */
  retrying?: boolean;
}

/**
 * A failure, announced at once (role=alert): a list that did not load ('Failed to load data: …'),
 * an action that failed ('Delete failed: …'), optionally with Dismiss and 'Try Again'.
 */
export function ErrorAlert({ title, children, onClose, onRetry, retrying }: ErrorAlertProps) {
  return (
    <Alert
      variant="light"
      color="red"
      icon={<IconAlertCircle size={20} />}
      title={title}
      role="alert"
      withCloseButton={Boolean(onClose)}
      onClose={onClose}
      closeButtonLabel="Dismiss"
    >
      {children}
      {onRetry && (
        <Group mt="sm">
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={14} />}
            onClick={onRetry}
            loading={retrying}
          >
            Try Again
          </Button>
        </Group>
      )}
    </Alert>
  );
}
