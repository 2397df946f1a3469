import { Alert, Button, Group } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface ErrorAlertProps {
  title?: string;
  children: ReactNode;
  onClose?: () => void;
  onRetry?: () => void;
}

/** A failure, announced at once (role=alert): 'Failed to load data: …', 'Delete failed: …'. */
export function ErrorAlert({ title, children, onClose, onRetry }: ErrorAlertProps) {
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
          >
            Try Again
          </Button>
        </Group>
      )}
    </Alert>
  );
}
