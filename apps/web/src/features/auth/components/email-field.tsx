import { TextInput, type TextInputProps } from '@mantine/core';
import { EmailOnFile } from './email-on-file';

/** The 'Email Address' input of the sign-in screens (required, email autofill). */
export function EmailField(props: TextInputProps) {
  return (
    <TextInput
      label="Email Address"
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
      required
      {...props}
    />
  );
}

interface StoredOrTypedEmailProps extends TextInputProps {
  /** The email a code was sent to, when this browser remembers it. */
  stored: string | null;
  /** What the remembered email is, e.g. 'Code sent to'. */
  storedLabel: string;
  /** Forget the remembered email and type another one. */
  onChangeEmail: () => void;
}

/** The remembered email with a way to change it, else the email input (`props` go to it). */
export function StoredOrTypedEmail({
  stored,
  storedLabel,
  onChangeEmail,
  ...props
}: StoredOrTypedEmailProps) {
  return stored ? (
    <EmailOnFile label={storedLabel} email={stored} onChange={onChangeEmail} />
  ) : (
    <EmailField {...props} />
  );
}
