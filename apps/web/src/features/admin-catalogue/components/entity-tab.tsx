import { Center, Loader, Stack, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { countOf, loadFailed } from '../lib/entities';
import { EntityFormModal } from './entity-form-modal';
import { ErrorAlert } from '../../../components/query-state/error-alert';

/** Where a tab's list stands: loading, failed (with a retry) or loaded. */
export type TabLoad =
  | { status: 'pending' }
  | { status: 'error'; error: Error; retry: () => void }
  | { status: 'success' };

interface EntityTabProps {
  /** The toolbar (search, Add) and any filters under it. */
  header: ReactNode;
  /** The last failed delete, closable. */
  deletion: { error: string | null; clearError: () => void };
  load: TabLoad;
  /** 'Loading subjects': the spinner's name. */
  loadingLabel: string;
  /** The list, drawn once loaded. */
  list: () => ReactNode;
  /** The add/edit dialog. */
  editor: {
    opened: boolean;
    title: string;
    onClose: () => void;
    size?: ModalProps['size'];
    form: ReactNode;
  };
}

/**
 * One catalogue tab (subjects, categories, difficulties, types, examples): the header, the
 * failed delete, the list or its loading/failure, and the add/edit dialog.
 */
export function EntityTab({ header, deletion, load, loadingLabel, list, editor }: EntityTabProps) {
  return (
    <Stack gap="md">
      {header}
      {deletion.error && <ErrorAlert onClose={deletion.clearError}>{deletion.error}</ErrorAlert>}
      {load.status === 'pending' ? (
        <Center py="xl">
          <Loader size="sm" aria-label={loadingLabel} />
        </Center>
      ) : load.status === 'error' ? (
        <ErrorAlert onRetry={load.retry}>{loadFailed(load.error.message)}</ErrorAlert>
      ) : (
        list()
      )}
      <EntityFormModal
        opened={editor.opened}
        onClose={editor.onClose}
        title={editor.title}
        size={editor.size}
      >
        {editor.form}
      </EntityFormModal>
    </Stack>
  );
}

/** '3 subjects', or '2 of 3 subjects' while fewer are shown. */
export function shownOf(shown: number, total: number, item: string, plural?: string): string {
  return shown < total
    ? `${shown} of ${countOf(total, item, plural)}`
    : countOf(total, item, plural);
}
