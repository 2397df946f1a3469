import { Alert } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../../components/query-state/error-alert';
import { failureMessage } from '../../../lib/api-error';

interface FormAlertProps {
  kind: 'error' | 'success' | 'info';
  title?: string;
  children: ReactNode;
  onClose?: () => void;
}

const looks = {
  success: { color: 'teal', icon: <IconCircleCheck size={20} /> },
  info: { color: 'brand', icon: <IconInfoCircle size={20} /> },
} as const;

/** The one alert of the auth screens: errors (ErrorAlert) are announced at once, the rest politely. */
export function FormAlert({ kind, title, children, onClose }: FormAlertProps) {
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

/** A request that failed, as the screen names it. */
export interface Failure {
  error: Error;
  title: string;
  /** Shown when the server gave no message. */
  fallback: string;
  /** Dismiss: clears the request's error. */
  onClose: () => void;
}

/** The error alert of a failed request: the server's message, else `fallback`; dismissible. */
export function FailureAlert({ error, title, fallback, onClose }: Failure) {
  return (
    <FormAlert kind="error" title={title} onClose={onClose}>
      {failureMessage(error, fallback)}
    </FormAlert>
  );
}
