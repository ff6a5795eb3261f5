import { AppModal, type AppModalProps } from '../../../components/app-modal.tsx';

/**
 * The frame of the organization dialogs: wide, the whole screen on a phone so the long form is not
 * squeezed, and not closed by a stray click beside a half-filled form.
 */
export function OrganizationModal(props: Pick<AppModalProps, 'opened' | 'onClose' | 'title' | 'children'>) {
  return <AppModal size="lg" closeOnClickOutside={false} fullScreenOnPhone {...props} />;
}
