import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { SideNav } from './side-nav.tsx';
import { authValue, makeProfile, renderAt } from './test-utils.tsx';

vi.mock('../../lib/auth/auth-provider.tsx', () => ({ useAuth: vi.fn() }));
vi.mock('./use-external-links.ts', () => ({
  useExternalLinks: () => ({ learningPlatformUrl: 'https://learn.example.org', supportUrl: null }),
}));

const signIn = (overrides: Parameters<typeof makeProfile>[0] = {}) =>
  vi
    .mocked(useAuth)
    .mockReturnValue(authValue(makeProfile(overrides)) as unknown as ReturnType<typeof useAuth>);

const railButtons = () =>
  within(screen.getByRole('navigation', { name: 'Main navigation' }))
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));
const pressed = () => screen.getByRole('button', { pressed: true }).getAttribute('aria-label');
const panelTitle = () => within(document.getElementById('side-nav-panel')!).getByRole('heading').textContent;
const panelLinks = () =>
  within(document.getElementById('side-nav-panel')!)
    .getAllByRole('link')
    .map((a) => [a.textContent?.replace('(opens in a new tab)', '').trim(), a.getAttribute('href')]);

describe('SideNav', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.mocked(useAuth).mockReset();
  });

  it.each([
    ['Student', ['Dashboard', 'Profile', 'Assessments', 'My Organization', 'Certifications']],
    [
      'Teacher',
      ['Dashboard', 'Profile', 'Users', 'Question Types', 'Assessments', 'Certifications', 'AI Assistant'],
    ],
    [
      'user',
      ['Dashboard', 'Profile', 'Users', 'Question Types', 'Assessments', 'Certifications', 'AI Assistant'],
    ],
    [
      'Visitor',
      ['Dashboard', 'Profile', 'Users', 'Question Types', 'Assessments', 'Certifications', 'AI Assistant'],
    ],
    [
      'Administrator',
      [
        'Dashboard',
        'Profile',
        'Users',
        'Certifications',
        'AI Assistant',
        'Question Types',
        'Assessments',
        'My Organization',
        'Payment History',
      ],
    ],
    ['Super Administrator', ['Dashboard', 'Profile', 'Organizations', 'Subscriptions', 'Payment History']],
  ])('shows a %s exactly the sections of their role', async (role, labels) => {
    signIn({ role });
    await renderAt(<SideNav />);
    expect(railButtons()).toEqual(labels);
  });

  it('selects the section of the current path and lists its links', async () => {
    signIn({ role: 'Administrator', id: 'u-7' });
    await renderAt(<SideNav />, { route: '/account/users/u-7' });
    expect(pressed()).toBe('Users');
    expect(panelTitle()).toBe('Users');
    const users = screen.getByRole('link', { name: 'Users' });
    expect(users).toHaveAttribute('href', '/account/users/u-7');
    expect(users).toHaveAttribute('aria-current', 'page');
  });

  it('selects Question Types on the question examples page and shows the child link', async () => {
    signIn({ role: 'Teacher', id: 'u-1' });
    await renderAt(<SideNav />, { route: '/account/questiontype/questionexamples' });
    expect(pressed()).toBe('Question Types');
    expect(panelLinks()).toEqual([
      ['Question Types', '/account/questiontype/u-1'],
      ['Question Examples', '/account/questiontype/questionexamples'],
      ['Learning platform', 'https://learn.example.org'],
    ]);
    expect(screen.getByRole('link', { name: 'Question Examples' })).toHaveAttribute('aria-current', 'page');
  });

  it('falls back to the dashboard for paths of no section', async () => {
    signIn({ role: 'Student' });
    await renderAt(<SideNav />, { route: '/account/users/u-1' });
    expect(pressed()).toBe('Dashboard');
  });

  it('links the organization of the user, and the learning platform in a new tab', async () => {
    signIn({ role: 'Student', organizationId: 'org-42' });
    await renderAt(<SideNav />, { route: '/account/organization/org-42' });
    expect(screen.getByRole('link', { name: 'My Organization' })).toHaveAttribute(
      'href',
      '/account/organization/org-42',
    );
    const learning = screen.getByRole('link', { name: 'Learning platform (opens in a new tab)' });
    expect(learning).toHaveAttribute('target', '_blank');
    expect(learning.getAttribute('rel')).toContain('noopener');
  });

  it('changes the selected section on icon click, and follows the path after a navigation', async () => {
    signIn({ role: 'Super Administrator', id: 's-1', organizationId: null });
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    await renderAt(<SideNav onNavigate={onNavigate} />, { route: '/account/home' });
    expect(pressed()).toBe('Dashboard');

    await user.click(screen.getByRole('button', { name: 'Organizations' }));
    expect(pressed()).toBe('Organizations');
    expect(panelLinks()[0]).toEqual(['Organizations', '/account/organizations']);

    await user.click(screen.getByRole('link', { name: 'Organizations' }));
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(pressed()).toBe('Organizations');

    await user.click(screen.getByRole('button', { name: 'Payment History' }));
    await user.click(screen.getByRole('link', { name: 'Payment History' }));
    expect(pressed()).toBe('Payment History');
  });

  it('opens a section panel after 100 ms of hover and keeps it for the 300 ms grace period', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    signIn({ role: 'Teacher', id: 'u-1' });
    await renderAt(<SideNav />, { route: '/account/home' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const ai = screen.getByRole('button', { name: 'AI Assistant' });

    fireEvent.pointerEnter(nav, { pointerType: 'mouse' });
    fireEvent.pointerEnter(ai, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(99));
    expect(panelTitle()).toBe('Dashboard');
    act(() => vi.advanceTimersByTime(1));
    expect(panelTitle()).toBe('AI Assistant');
    expect(pressed()).toBe('Dashboard'); // a preview, not a selection

    // Leaving and coming back within the grace period keeps the preview.
    fireEvent.pointerLeave(ai, { pointerType: 'mouse' });
    fireEvent.pointerLeave(nav, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(299));
    fireEvent.pointerEnter(nav, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(500));
    expect(panelTitle()).toBe('AI Assistant');

    // Leaving for longer returns to the selected section.
    fireEvent.pointerLeave(nav, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(300));
    expect(panelTitle()).toBe('Dashboard');
  });

  it('does not open a panel for a pointer that only passes over an icon', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    signIn({ role: 'Teacher' });
    await renderAt(<SideNav />, { route: '/account/home' });
    const users = screen.getByRole('button', { name: 'Users' });
    fireEvent.pointerEnter(users, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(60));
    fireEvent.pointerLeave(users, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(500));
    expect(panelTitle()).toBe('Dashboard');
  });
});
