import { Alert, Anchor, Button, Group, Stack, Text, type MantineColor } from '@mantine/core';
import { IconAlertTriangle, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface ConfirmProps {
  pending: boolean;
  onSaveAnyway: () => void;
  onKeepEditing: () => void;
}

interface ConfirmAlertProps extends ConfirmProps {
  color: MantineColor;
  icon: ReactNode;
  /** The question asked, which also names the alert. */
  title: string;
  /** Why the form asks, above Save anyway and Keep editing. */
  children: ReactNode;
}

/** A question the example form asks before it saves: Save anyway, or Keep editing. */
function ConfirmAlert({
  color,
  icon,
  title,
  children,
  pending,
  onSaveAnyway,
  onKeepEditing,
}: ConfirmAlertProps) {
  return (
    <Alert
      color={color}
      variant="light"
      icon={icon}
      title={title}
      role="alertdialog"
      aria-label={title}
    >
      <Stack gap="xs">
        {children}
        <Group gap="sm">
          <Button size="xs" color={color} onClick={onSaveAnyway} loading={pending}>
            Save anyway
          </Button>
          <Button size="xs" variant="default" onClick={onKeepEditing}>
            Keep editing
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The example form's confirmation before saving maths that will not render. */
export function MathWarningsAlert({ warnings, ...confirm }: ConfirmProps & { warnings: string[] }) {
  return (
    <ConfirmAlert
      color="orange"
      icon={<IconAlertTriangle size={20} />}
      title="Some maths will not render"
      {...confirm}
    >
      {warnings.map((warning) => (
        <Text size="sm" key={warning}>
          {warning}
        </Text>
      ))}
      <Text size="sm">
        Readers would see the source with a red (LaTeX Error) marker. Save anyway?
      </Text>
    </ConfirmAlert>
  );
}

/** The example form's offer to save a question that repeats example `existingId`. */
export function DuplicateQuestionAlert({
  existingId,
  ...confirm
}: ConfirmProps & { existingId: number }) {
  return (
    <ConfirmAlert
      color="yellow"
      icon={<IconCopy size={20} />}
      title="This question is already in the catalogue"
      {...confirm}
    >
      <Text size="sm">
        It repeats{' '}
        <Anchor href={`/examples/${existingId}`} target="_blank" rel="noopener">
          example {existingId}
        </Anchor>{' '}
        (ignoring case, spacing and LaTeX spelling). Save a second copy anyway?
      </Text>
    </ConfirmAlert>
  );
}
