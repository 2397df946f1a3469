import type {
  CatalogueEntity,
  CategoryInput,
  DifficultyInput,
  ExampleInput,
  SubjectInput,
  TypeInput,
} from '@exemplar/shared/catalogue-writes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateCatalogue } from '../../../api/catalogue';
import { successMessage } from '../../../lib/envelope';

/** The request body of each entity's POST and PUT. */
export interface EntityInputs {
  subjects: SubjectInput;
  categories: CategoryInput;
  difficulties: DifficultyInput;
  types: TypeInput;
  examples: ExampleInput;
}

export interface SaveVariables<E extends CatalogueEntity> {
  /** null: create (POST /{entity}); a number: update (PUT /{entity}/{id}). */
  id: number | null;
  input: EntityInputs[E];
}

/** POST /{entity} or PUT /{entity}/{id}; resolves with the server's message ('Subject created.'). */
export async function saveEntity<E extends CatalogueEntity>(
  entity: E,
  { id, input }: SaveVariables<E>,
): Promise<string | undefined> {
  const body =
    id === null
      ? await api.post<unknown>(`/${entity}`, input)
      : await api.put<unknown>(`/${entity}/${id}`, input);
  return successMessage(body);
}

/** Saves one entity, then reloads every catalogue and example list (admin and browse screens). */
export function useSaveEntity<E extends CatalogueEntity>(entity: E) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: SaveVariables<E>) => saveEntity(entity, variables),
    onSuccess: () => {
      void invalidateCatalogue(queryClient);
    },
  });
}
