import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  onClose: () => void;
  title: string;
  closeOnClickOutside?: boolean;
  children: ReactNode;
}

/**
 * A Mantine modal whose header is not a second page banner (Mantine renders it as <header>, which
 * screen readers announce as a banner landmark beside the top bar) and whose close button has a name.
 */
export function ProfileModal({ opened, onClose, title, closeOnClickOutside = true, children }: Props) {
  const { t } = useTranslation('profile');
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      centered
      radius="lg"
      closeOnClickOutside={closeOnClickOutside}
    >
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header role="presentation">
          <Modal.Title fw={700} fz="lg">
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label={t('dialog.close')} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
