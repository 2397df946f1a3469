import type { CatalogueEntity } from '@exemplar/shared/catalogue-writes';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api-error';
import { useSaveEntity, type EntityInputs } from '../api/save-entity';
import { ENTITY_WORDS } from '../lib/entities';

interface FormLike {
  setErrors: (errors: Record<string, string>) => void;
}

/**
 * Saves an add/edit form: POST (id null) or PUT, then a confirmation, then `onSaved` (which
 * closes the form; the lists reload through the cache). A refused body puts the server's
 * per-field messages under the fields; the form shows `error` as 'Operation failed: …'.
 */
export function useSaveForm<E extends CatalogueEntity>(
  entity: E,
  id: number | null,
  onSaved: () => void,
) {
  const save = useSaveEntity(entity);
  const label = ENTITY_WORDS[entity].item;

  const submit = (input: EntityInputs[E], form: FormLike) => {
    save.mutate(
      { id, input },
      {
        onSuccess: (message) => {
          notifications.show({
            color: 'teal',
            icon: <IconCheck size={18} />,
            message: message ?? `The ${label} has been saved.`,
            autoClose: 3000,
          });
          onSaved();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) form.setErrors({ ...error.fields });
        },
      },
    );
  };

  return { submit, pending: save.isPending, error: save.error, reset: save.reset };
}
