import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { AvatarMenu } from './avatar-menu.tsx';
import { authValue, makeProfile, renderAt } from './test-utils.tsx';

vi.mock('../../lib/auth/auth-provider.tsx', () => ({ useAuth: vi.fn() }));
vi.mock('./use-external-links.ts', () => ({
  useExternalLinks: () => ({ learningPlatformUrl: 'https://learn.example.org', supportUrl: null }),
}));

const withAuth = (value: ReturnType<typeof authValue>) =>
  vi.mocked(useAuth).mockReturnValue(value as unknown as ReturnType<typeof useAuth>);

describe('AvatarMenu', () => {
  afterEach(() => vi.mocked(useAuth).mockReset());

  it('is disabled and says (Loading...) until the user id is known', async () => {
    withAuth(authValue(null));
    await renderAt(<AvatarMenu />);
    const trigger = screen.getByRole('button', { name: '(Loading...)' });
    expect(trigger).toBeDisabled();
    expect(screen.getByText('U')).toBeInTheDocument();
    await userEvent.click(trigger);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('stays disabled for a profile without an id', async () => {
    withAuth(authValue(makeProfile({ id: '' })));
    await renderAt(<AvatarMenu />);
    expect(screen.getByRole('button', { name: '(Loading...)' })).toBeDisabled();
  });

  it('shows name, email and role with initials, and the three items', async () => {
    const logout = vi.fn();
    withAuth(authValue(makeProfile({ id: 'u-5', name: 'Grace Brewster Hopper', role: 'user' }), { logout }));
    const user = userEvent.setup();
    await renderAt(<AvatarMenu />);
    expect(screen.getByText('GB')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Account menu of Grace Brewster Hopper' }));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('Grace Brewster Hopper');
    expect(menu).toHaveTextContent('ada@school.test');
    expect(menu).toHaveTextContent('Administrator'); // 'user' is displayed as Administrator
    expect(menu).not.toHaveTextContent(/\buser\b/);

    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/account/profile/u-5');
    const learning = screen.getByRole('menuitem', { name: 'Go to the learning platform' });
    expect(learning).toHaveAttribute('href', 'https://learn.example.org');
    expect(learning).toHaveAttribute('target', '_blank');
    expect(learning.getAttribute('rel')).toContain('noopener');

    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('falls back to User, a placeholder email and Guest', async () => {
    withAuth(authValue(makeProfile({ id: 'u-1', name: '', email: '', role: '' })));
    const user = userEvent.setup();
    await renderAt(<AvatarMenu />);
    expect(screen.getByText('U')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Account menu of User' }));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('User');
    expect(menu).toHaveTextContent('user@example.com');
    expect(menu).toHaveTextContent('Guest');
  });

  it('uses the profile image when there is one', async () => {
    withAuth(authValue(makeProfile({ profile_image: '/api/files/avatar.png' })));
    const { container } = await renderAt(<AvatarMenu />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/files/avatar.png');
  });
});
