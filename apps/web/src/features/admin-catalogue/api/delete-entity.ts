import type { CatalogueEntity } from '@exemplar/shared/catalogue-writes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateCatalogue } from '../../../api/catalogue';
import { successMessage } from '../../../lib/envelope';
import { deletedExamplesKeys } from './example-versions';

/**
 * DELETE /{entity}/{id}; resolves with the server's message. Something still in use answers 409
 * with a message naming what uses it ('Subject "Geometry" cannot be deleted: it is used by 1
 * category.').
 */
export async function deleteEntity(entity: CatalogueEntity, id: number) {
  return successMessage(await api.delete<unknown>(`/${entity}/${id}`));
}

export function useDeleteEntity(entity: CatalogueEntity) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteEntity(entity, id),
    onSuccess: () => {
      void invalidateCatalogue(queryClient);
      // A deleted example joins the deleted examples a super admin can restore.
      if (entity === 'examples')
        void queryClient.invalidateQueries({ queryKey: deletedExamplesKeys.all });
    },
  });
}
