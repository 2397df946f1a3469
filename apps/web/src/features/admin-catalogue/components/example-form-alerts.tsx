import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCopy } from '@tabler/icons-react';

interface ConfirmProps {
  pending: boolean;
  onSaveAnyway: () => void;
  onKeepEditing: () => void;
}

/** The example form's confirmation before saving maths that will not render. */
export function MathWarningsAlert({
  warnings,
  pending,
  onSaveAnyway,
  onKeepEditing,
}: ConfirmProps & { warnings: string[] }) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      title="Some maths will not render"
      role="alertdialog"
      aria-label="Some maths will not render"
    >
      <Stack gap="xs">
        {warnings.map((warning) => (
          <Text size="sm" key={warning}>
            {warning}
          </Text>
        ))}
        <Text size="sm">
          Readers would see the source with a red (LaTeX Error) marker. Save anyway?
        </Text>
        <Group gap="sm">
          <Button size="xs" color="orange" onClick={onSaveAnyway} loading={pending}>
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

/** The example form's offer to save a question that repeats example `existingId`. */
export function DuplicateQuestionAlert({
  existingId,
  pending,
  onSaveAnyway,
  onKeepEditing,
}: ConfirmProps & { existingId: number }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconCopy size={20} />}
      title="This question is already in the catalogue"
      role="alertdialog"
      aria-label="This question is already in the catalogue"
    >
      <Stack gap="xs">
        <Text size="sm">
          It repeats{' '}
          <Anchor href={`/examples/${existingId}`} target="_blank" rel="noopener">
            example {existingId}
          </Anchor>{' '}
          (ignoring case, spacing and LaTeX spelling). Save a second copy anyway?
        </Text>
        <Group gap="sm">
          <Button size="xs" color="yellow" onClick={onSaveAnyway} loading={pending}>
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
