import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface MessageAlertProps {
  tone: 'success' | 'error';
  title?: string;
  children: ReactNode;
  onClose?: () => void;
}

/** Success is announced politely, failure at once. */
export function MessageAlert({ tone, title, children, onClose }: MessageAlertProps) {
  const error = tone === 'error';
  return (
    <Alert
      variant="light"
      color={error ? 'red' : 'teal'}
      icon={error ? <IconAlertCircle size={20} /> : <IconCircleCheck size={20} />}
      title={title}
      role={error ? 'alert' : 'status'}
      withCloseButton={Boolean(onClose)}
      onClose={onClose}
      closeButtonLabel="Dismiss"
    >
      {children}
    </Alert>
  );
}
