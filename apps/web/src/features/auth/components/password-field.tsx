import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { PASSWORD_HINT } from '@exemplar/shared/fields';

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

/** A required password being chosen (new-password autofill); `withHint` adds the policy under it. */
export function NewPasswordField({
  withHint = false,
  ...props
}: PasswordInputProps & { withHint?: boolean }) {
  return (
    <PasswordField
      description={withHint ? PASSWORD_HINT : undefined}
      autoComplete="new-password"
      required
      {...props}
    />
  );
}
