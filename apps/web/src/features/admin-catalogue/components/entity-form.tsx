import { Button, Group, Stack } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';
import { ErrorAlert } from '../../../components/query-state/error-alert';
import { operationFailed } from '../lib/entities';

interface EntityFormProps {
  mode: 'add' | 'edit';
  /** 'subject' → the form 'Add subject' / 'Edit subject' and its button 'Create subject'. */
  item: string;
  /** The save under way (useSaveForm): its failure is shown above the fields. */
  save: { pending: boolean; error: Error | null; reset: () => void };
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  /** The fields, between the failure and the buttons. */
  children: ReactNode;
}

/** Every add/edit form of the catalogue: 'Operation failed: …', the fields, Cancel and Create/Save. */
export function EntityForm({ mode, item, save, onSubmit, onCancel, children }: EntityFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`${mode === 'add' ? 'Add' : 'Edit'} ${item}`}>
      <Stack gap="md">
        {save.error && (
          <ErrorAlert onClose={save.reset}>{operationFailed(save.error.message)}</ErrorAlert>
        )}
        {children}
        <Group justify="flex-end" gap="sm" mt="md">
          <Button variant="default" onClick={onCancel} disabled={save.pending}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={save.pending}
            leftSection={mode === 'add' ? <IconPlus size={16} /> : <IconCheck size={16} />}
          >
            {mode === 'add' ? `Create ${item}` : 'Save changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
