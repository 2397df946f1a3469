import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface FormAlertProps {
  kind: 'error' | 'success' | 'info';
  title?: string;
  children: ReactNode;
  onClose?: () => void;
}

const looks = {
  error: { color: 'red', icon: <IconAlertCircle size={20} /> },
  success: { color: 'teal', icon: <IconCircleCheck size={20} /> },
  info: { color: 'brand', icon: <IconInfoCircle size={20} /> },
} as const;

/** The one alert of the auth screens: errors are announced at once, the rest politely. */
export function FormAlert({ kind, title, children, onClose }: FormAlertProps) {
  const { color, icon } = looks[kind];
  return (
    <Alert
      variant="light"
      color={color}
      icon={icon}
      title={title}
      role={kind === 'error' ? 'alert' : 'status'}
      withCloseButton={Boolean(onClose)}
      onClose={onClose}
      closeButtonLabel="Dismiss"
    >
      {children}
    </Alert>
  );
}
