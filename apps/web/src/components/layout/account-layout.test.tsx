import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { answer, answerError, receivedRequests, server } from '../../test/msw-server.ts';
import { AccountLayout } from './account-layout.tsx';
import { authValue, CurrentPath, makeProfile, renderAt } from './test-utils.tsx';
// The menus come with the first interaction (components/deferred): loaded here already, so a busy
// machine's first import of them does not count against a test's time.
import './language-menu.tsx';
import './avatar-menu-dropdown.tsx';
import './nav-drawer.tsx';

vi.mock('../../lib/auth/auth-provider.tsx', () => ({ useAuth: vi.fn() }));

const config = { learningPlatformUrl: 'https://learn.example.org', supportUrl: 'https://help.example.org' };

function renderLayout(route = '/account/home') {
  return renderAt(null, {
    route,
    routes: [
      { path: '/account', element: <AccountLayout />, children: [{ path: '*', element: <CurrentPath /> }] },
    ],
  });
}

describe('AccountLayout', () => {
  const logout = vi.fn();
  beforeEach(() => {
    vi.mocked(useAuth).mockReturnValue(
      authValue(makeProfile({ role: 'Teacher', id: 'u-1' }), { logout }) as unknown as ReturnType<
        typeof useAuth
      >,
    );
    server.use(answer('get', '/auth/config', config));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    logout.mockReset();
    await i18n.changeLanguage('en');
  });

  it('renders the screen in the main area with the brand, the menu and the account controls', async () => {
    await renderLayout('/account/questions/u-1');
    expect(within(screen.getByRole('main')).getByTestId('current-path')).toHaveTextContent(
      '/account/questions/u-1',
    );
    expect(screen.getByRole('link', { name: 'vbuilder home' })).toHaveAttribute('href', '/account/home');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu of Ada Lovelace' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
  });

  it('links the learning platform and support in new tabs once the configuration is known', async () => {
    await renderLayout();
    const banner = screen.getByRole('banner');
    const learning = await within(banner).findByRole('link', {
      name: 'Learning platform (opens in a new tab)',
    });
    expect(learning).toHaveAttribute('href', config.learningPlatformUrl);
    expect(learning).toHaveAttribute('target', '_blank');
    expect(learning.getAttribute('rel')).toContain('noopener');
    const support = within(banner).getByRole('link', { name: 'Support (opens in a new tab)' });
    expect(support).toHaveAttribute('href', config.supportUrl);
    expect(support).toHaveAttribute('target', '_blank');
    // The side bar links the learning platform too (docs/product/overview.md).
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Learning platform (opens in a new tab)' })).toHaveAttribute(
      'href',
      config.learningPlatformUrl,
    );
  });

  it('hides the external links when the configuration cannot be loaded', async () => {
    server.use(answerError('get', '/auth/config', 500, 'internal_error'));
    await renderLayout();
    await waitFor(() => expect(receivedRequests('GET', '/auth/config')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /Learning platform/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Support/ })).not.toBeInTheDocument();
  });

  it('logs out from the top bar', async () => {
    await renderLayout();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('offers the 12 languages and switches the interface language', { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    await renderLayout();
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    // The menu's code comes with the first interaction.
    const items = await screen.findAllByRole('menuitem', {}, { timeout: 5000 });
    expect(items).toHaveLength(12);
    expect(items.map((i) => i.getAttribute('lang'))).toEqual([
      'en',
      'id',
      'ms',
      'vi',
      'sw',
      'fil',
      'my',
      'th',
      'ne',
      'km',
      'zh',
      'bn',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Kiswahili' }));
    await waitFor(() => expect(i18n.language).toBe('sw'));
    expect(document.cookie).toContain('vbuilder_lang=sw');
    // The picker now speaks Kiswahili too; its button still names the chosen language.
    expect(await screen.findByRole('button', { name: /Kiswahili$/ })).toBeInTheDocument();
  });

  it('opens the menu in a drawer from the burger and closes it when a link is followed', async () => {
    const user = userEvent.setup();
    await renderLayout();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog');
    // The top bar has no room for support on small screens: the drawer carries it.
    expect(await within(drawer).findByRole('link', { name: 'Support (opens in a new tab)' })).toHaveAttribute(
      'href',
      config.supportUrl,
    );
    await user.click(within(drawer).getByRole('button', { name: 'Users' }));
    await user.click(within(drawer).getByRole('link', { name: 'Users' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('main')).getByTestId('current-path')).toHaveTextContent(
      '/account/users/u-1',
    );
  });

  it('closes the drawer with its close button', async () => {
    const user = userEvent.setup();
    await renderLayout();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByRole('button', { name: 'Close navigation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
