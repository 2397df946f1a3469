import { Alert } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert';

interface NoticeAlertProps {
  kind: 'error' | 'success' | 'info';
  title?: string;
  children: ReactNode;
  /** Shows a Dismiss button. */
  onClose?: () => void;
}

const looks = {
  success: { color: 'teal', icon: <IconCircleCheck size={20} /> },
  info: { color: 'brand', icon: <IconInfoCircle size={20} /> },
} as const;

/**
 * What a form or an action has to say: a failure (ErrorAlert) is announced at once, a success or
 * a piece of information politely.
 */
export function NoticeAlert({ kind, title, children, onClose }: NoticeAlertProps) {
  if (kind === 'error') {
    return (
      <ErrorAlert title={title} onClose={onClose}>
        {children}
      </ErrorAlert>
    );
  }
  const { color, icon } = looks[kind];
  return (
    <Alert
      variant="light"
      color={color}
      icon={icon}
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
