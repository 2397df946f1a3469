import { useMutation } from '@tanstack/react-query';
import { api, type ApiFile } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

export const EXPORT_PATH = '/admin/export';
export const DEFAULT_EXPORT_FILENAME = 'exemplar-catalogue.json';

/**
 * GET /admin/export as a file: the body is the catalogue JSON itself (not an envelope). With
 * `versions`, each example carries its history (?versions=true).
 */
export function exportCatalogue(versions = false): Promise<ApiFile> {
  return api.file(
    EXPORT_PATH,
    DEFAULT_EXPORT_FILENAME,
    versions ? { query: { versions: 'true' } } : undefined,
  );
}

/** Downloads the catalogue file; resolves with its name. */
export function useExportCatalogue() {
  return useMutation({
    mutationFn: async (versions: boolean = false) => {
      const { blob, filename } = await exportCatalogue(versions);
      saveBlob(blob, filename);
      return filename;
    },
  });
}
