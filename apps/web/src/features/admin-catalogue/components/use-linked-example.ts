import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { exampleQueryOptions } from '../../../api/examples';
import { useViewer } from '../../../lib/auth/use-viewer';
import { toId } from '../lib/form-validation';

/**
 * The example named by `?edit=` in the address (a link from the Health tab, or a shared one), to
 * open in the edit form, and how to drop it from the address once the form closes.
 */
export function useLinkedExample() {
  const [params, setParams] = useSearchParams();
  const id = toId(params.get('edit')) ?? null;
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const query = useQuery({
    ...exampleQueryOptions(id ?? 0, viewer, queryClient),
    enabled: id !== null,
  });
  const forget = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('edit');
        return next;
      },
      { replace: true },
    );
  return { id, query, forget };
}
