import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * A password input with a show/hide toggle reachable by keyboard. The toggle is a toggle button:
 * its name stays 'Show password' and aria-pressed says whether the password is shown.
 */
export function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
      {...props}
    />
  );
}
