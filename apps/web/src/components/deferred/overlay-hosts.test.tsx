import { MantineProvider } from '@mantine/core';
import { cleanNotifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../app/theme.ts';
import { openConfirmModal } from './confirm-modal.ts';
import { ModalsHost, NotificationsHost } from './overlay-hosts.tsx';

const renderHosts = () =>
  render(
    <MantineProvider theme={theme} env="test">
      <NotificationsHost />
      <ModalsHost />
    </MantineProvider>,
  );

describe('toasts and confirmations mounted when first needed', () => {
  afterEach(() => act(() => cleanNotifications()));

  it('a toast shown before its container came is shown once it has', async () => {
    renderHosts();
    act(() => {
      notifications.show({ message: 'Saved before anything was loaded' });
    });
    expect(await screen.findByText('Saved before anything was loaded')).toBeInTheDocument();
  });

  it('a confirmation asked for before the modals manager came opens, and its answer is heard', async () => {
    renderHosts();
    let confirmed = false;
    act(() =>
      openConfirmModal({
        title: 'Delete the category?',
        labels: { confirm: 'Delete', cancel: 'Cancel' },
        onConfirm: () => {
          confirmed = true;
        },
      }),
    );
    expect(await screen.findByText('Delete the category?')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Delete' }).click());
    expect(confirmed).toBe(true);
  });
});
