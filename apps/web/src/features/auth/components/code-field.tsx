import { TextInput, type TextInputProps } from '@mantine/core';
import classes from './auth.module.css';

/** Confirmation and reset codes are 6 characters. */
export const CODE_LENGTH = 6;

/** The 6-character code from the email: one-time-code autofill, digits keyboard on phones. */
export function CodeField(props: TextInputProps) {
  return (
    <TextInput
      className={classes.code}
      maxLength={CODE_LENGTH}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="000000"
      spellCheck={false}
      {...props}
    />
  );
}
