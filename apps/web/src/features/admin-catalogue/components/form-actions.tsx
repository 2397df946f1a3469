import { Button, Group } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';

interface FormActionsProps {
  mode: 'add' | 'edit';
  /** 'subject' → 'Create subject'. */
  item: string;
  pending: boolean;
  onCancel: () => void;
}

export function FormActions({ mode, item, pending, onCancel }: FormActionsProps) {
  return (
    <Group justify="flex-end" gap="sm" mt="md">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button
        type="submit"
        loading={pending}
        leftSection={mode === 'add' ? <IconPlus size={16} /> : <IconCheck size={16} />}
      >
        {mode === 'add' ? `Create ${item}` : 'Save changes'}
      </Button>
    </Group>
  );
}
