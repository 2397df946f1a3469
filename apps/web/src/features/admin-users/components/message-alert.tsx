import { Alert } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../../components/query-state/error-alert';

interface MessageAlertProps {
  tone: 'success' | 'error';
  title?: string;
  children: ReactNode;
  onClose?: () => void;
}

/** Success is announced politely, failure at once. */
export function MessageAlert({ tone, title, children, onClose }: MessageAlertProps) {
  if (tone === 'error') {
    return (
      <ErrorAlert title={title} onClose={onClose}>
        {children}
      </ErrorAlert>
    );
  }
  return (
    <Alert
      variant="light"
      color="teal"
      icon={<IconCircleCheck size={20} />}
      title={title}
      role="status"
      withCloseButton={Boolean(onClose)}
      onClose={onClose}
      closeButtonLabel="Dismiss"
    >
      {children}
    </Alert>
  );
}
