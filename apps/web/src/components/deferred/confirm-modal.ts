import { modals } from '@mantine/modals';

/**
 * Confirmation dialogs (Mantine's confirm modal). The modals manager is not part of a screen's
 * first load (it brings Modal, ScrollArea and floating-ui); ModalsHost mounts it at the
 * first interaction, and a confirmation asked for before that waits for it rather than being lost.
 */

export type ConfirmModalProps = Parameters<typeof modals.openConfirmModal>[0];

interface ModalsHostHandle {
  /** Resolves once the modals manager listens. */
  ready(): Promise<void>;
}

let host: ModalsHostHandle | null = null;

/** Set by ModalsHost while it is mounted; without one (tests) a ModalsProvider above is used. */
export function setModalsHost(next: ModalsHostHandle | null) {
  host = next;
}

export function openConfirmModal(props: ConfirmModalProps): void {
  if (!host) {
    modals.openConfirmModal(props);
    return;
  }
  void host.ready().then(() => modals.openConfirmModal(props));
}
