import { useMutation } from '@tanstack/react-query';
import {
  API_BASE,
  ApiError,
  errorFromResponse,
  NETWORK_ERROR_MESSAGE,
  refreshSession,
} from '../../../lib/api-client';
import { getIdToken } from '../../../lib/auth/auth-store';
import { filenameFromDisposition, saveBlob } from '../lib/download';

export const EXPORT_PATH = '/admin/export';
export const DEFAULT_EXPORT_FILENAME = 'exemplar-catalogue.json';

async function request(idToken: string | null): Promise<Response> {
  try {
    return await fetch(`${API_BASE}${EXPORT_PATH}`, {
      method: 'GET',
      headers: {
        Accept: 'application/json',
        ...(idToken ? { Authorization: `Bearer ${idToken}` } : {}),
      },
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NetworkError');
  }
}

/**
 * GET /admin/export as a file: the body is the catalogue JSON itself (not an envelope), so it is
 * fetched as a Blob with the bearer header; a 401 refreshes the session once and retries.
 */
export async function exportCatalogue(): Promise<{ blob: Blob; filename: string }> {
  const sent = getIdToken();
  let response = await request(sent);
  if (response.status === 401 && sent) response = await request((await refreshSession()).idToken);
  if (!response.ok) throw await errorFromResponse(response);
  const blob = await response.blob();
  const filename =
    filenameFromDisposition(response.headers.get('Content-Disposition')) ?? DEFAULT_EXPORT_FILENAME;
  return { blob, filename };
}

/** Downloads the catalogue file; resolves with its name. */
export function useExportCatalogue() {
  return useMutation({
    mutationFn: async () => {
      const { blob, filename } = await exportCatalogue();
      saveBlob(blob, filename);
      return filename;
    },
  });
}
