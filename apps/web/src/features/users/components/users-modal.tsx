import type { ReactNode } from 'react';
import { Modal, type ModalRootProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalRootProps['size'];
  children: ReactNode;
}

/**
 * A Mantine modal whose header is not a second page banner (Mantine renders it as <header>, which
 * screen readers announce as a banner landmark beside the top bar) and whose close button has a name.
 */
export function UsersModal({ opened, onClose, title, size = 'md', children }: Props) {
  const { t } = useTranslation('common');
  return (
    <Modal.Root opened={opened} onClose={onClose} centered radius="lg" size={size}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header role="presentation">
          <Modal.Title fw={700} fz="lg">
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label={t('close')} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
