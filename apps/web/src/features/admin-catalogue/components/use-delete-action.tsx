import type { CatalogueEntity } from '@exemplar/shared/catalogue-writes';
import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useDeleteEntity } from '../api/delete-entity';
import { deleteFailed, deleteQuestion, ENTITY_WORDS } from '../lib/entities';

/**
 * Delete with confirmation: 'Are you sure you want to delete this {item}?'. A refusal
 * (409: still in use, with the server's message naming what uses it) becomes 'Delete failed: …',
 * shown by the tab until dismissed or the next delete.
 */
export function useDeleteAction(entity: CatalogueEntity) {
  const remove = useDeleteEntity(entity);
  const [error, setError] = useState<string | null>(null);
  const { item } = ENTITY_WORDS[entity];

  const confirmDelete = (id: number, name: string) =>
    modals.openConfirmModal({
      title: `Delete ${item}`,
      centered: true,
      children: (
        <Stack gap={6}>
          <Text size="sm">{deleteQuestion(entity)}</Text>
          <Text size="sm" fw={600} lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setError(null);
        remove.mutate(id, {
          onSuccess: (message) =>
            notifications.show({
              color: 'teal',
              icon: <IconCheck size={18} />,
              message: message ?? `The ${item} has been deleted.`,
              autoClose: 3000,
            }),
          onError: (failure) => setError(deleteFailed(failure.message)),
        });
      },
    });

  return {
    confirmDelete,
    /** The id being deleted right now, if any. */
    deletingId: remove.isPending ? remove.variables : null,
    error,
    clearError: () => setError(null),
  };
}
