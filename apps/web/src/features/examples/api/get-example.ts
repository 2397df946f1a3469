import { useQuery, useQueryClient } from '@tanstack/react-query';
import { exampleQueryOptions } from '../../../api/examples';
import { useViewer } from '../../../lib/auth/use-viewer';

export function useExample(id: number | null) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  return useQuery({ ...exampleQueryOptions(id ?? 0, viewer, queryClient), enabled: id !== null });
}
