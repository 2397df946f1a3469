import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

/**
 * Asks before an action on an account that takes something away (Delete, Disable): a centred
 * question with Cancel and a red confirm button (dark enough red for white text to read), and a
 * close button that says what it is.
 */
export function confirmUserAction(options: {
  title: string;
  question: ReactNode;
  confirm: string;
  onConfirm: () => void;
}) {
  modals.openConfirmModal({
    title: options.title,
    centered: true,
    children: options.question,
    labels: { confirm: options.confirm, cancel: 'Cancel' },
    confirmProps: { color: 'red.9' },
    closeButtonProps: { 'aria-label': 'Close' },
    onConfirm: options.onConfirm,
  });
}
