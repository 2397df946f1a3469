import { Button, Loader } from '@mantine/core';
import type { ReactNode } from 'react';

interface SubmitButtonProps {
  pending: boolean;
  /** What the button says while the request runs, e.g. 'Signing you in...'. */
  pendingLabel: string;
  children: ReactNode;
  disabled?: boolean;
}

/** The form's submit button: disabled, with a spinner and its own words, while loading. */
export function SubmitButton({ pending, pendingLabel, children, disabled }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      size="md"
      fullWidth
      disabled={pending || disabled}
      leftSection={pending ? <Loader size={16} color="currentColor" /> : null}
    >
      {pending ? pendingLabel : children}
    </Button>
  );
}
