import {
  ImportReportSchema,
  type ImportReport,
  type ImportRequest,
} from '@exemplar/shared/catalogue-io';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { invalidateCatalogue } from '../../../api/catalogue';
import { parseData } from '../../../lib/envelope';

/** The report may come as `data` itself or as `data.report`. */
const ImportDataSchema = z.union([
  ImportReportSchema,
  z.object({ report: ImportReportSchema }).transform(({ report }) => report),
]);

/** POST /admin/import {dryRun, data} → what was (or, in a dry run, would be) imported. */
export async function importCatalogue(request: ImportRequest): Promise<ImportReport> {
  const body = await api.post<unknown>('/admin/import', request);
  return parseData(ImportDataSchema, body);
}

export function useImportCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCatalogue,
    onSuccess: (report) => {
      if (!report.dryRun) void invalidateCatalogue(queryClient);
    },
  });
}
