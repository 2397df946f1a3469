import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import fields from '../../../components/muted-placeholders.module.css';
import { usePhone } from './use-phone';

interface EntityFormModalProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  size?: ModalProps['size'];
  children: ReactNode;
}

/**
 * The add/edit form's frame: a dialog on larger screens, the whole screen on phones. A click beside
 * it does not close it (a long example would be lost); Escape and Cancel do.
 */
export function EntityFormModal({
  opened,
  title,
  onClose,
  size = 'lg',
  children,
}: EntityFormModalProps) {
  const phone = usePhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={phone}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close form' }}
      classNames={{ body: fields.mutedPlaceholders }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {children}
    </Modal>
  );
}
