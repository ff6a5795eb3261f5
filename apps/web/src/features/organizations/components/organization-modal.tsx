import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: string;
  children: ReactNode;
}

/**
 * A dialog of these screens. Its header is not a second page banner (Mantine renders a <header>,
 * which screen readers announce as a landmark beside the top bar), its close button has a name,
 * and on a phone it takes the whole screen so a long form is not squeezed.
 */
export function OrganizationModal({ opened, onClose, title, size = 'lg', children }: Props) {
  const { t } = useTranslation('organizations');
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      centered
      radius={phone ? 0 : 'lg'}
      size={size}
      fullScreen={phone}
      // A half-filled form is not thrown away by a stray click beside it.
      closeOnClickOutside={false}
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
