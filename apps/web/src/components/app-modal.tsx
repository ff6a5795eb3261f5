import type { ReactNode } from 'react';
import { Modal, type ModalRootProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

export interface AppModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalRootProps['size'];
  closeOnClickOutside?: boolean;
  /** On a phone, take the whole screen so a long form is not squeezed. */
  fullScreenOnPhone?: boolean;
  children: ReactNode;
}

/**
 * A dialog whose header is not a second page banner (Mantine renders it as <header>, which screen
 * readers announce as a banner landmark beside the top bar) and whose close button has a name.
 */
export function AppModal({
  opened,
  onClose,
  title,
  size = 'md',
  closeOnClickOutside = true,
  fullScreenOnPhone = false,
  children,
}: AppModalProps) {
  const { t } = useTranslation('common');
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const fullScreen = fullScreenOnPhone && phone;
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      centered
      radius={fullScreen ? 0 : 'lg'}
      size={size}
      fullScreen={fullScreen}
      closeOnClickOutside={closeOnClickOutside}
    >
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
