import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/providers.tsx';
import { RoleBadge } from './role-badge.tsx';

describe('RoleBadge', () => {
  it.each([
    ['Super Administrator', 'Super Administrator', 'grape'],
    ['Administrator', 'Administrator', 'blue'],
    ['user', 'Administrator', 'blue'],
    ['Teacher', 'Teacher', 'teal'],
    ['Student', 'Student', 'pink'],
    ['Proctor', 'Proctor', 'gray'],
    [null, 'Guest', 'gray'],
  ])('%s is shown as %s in %s', async (role, label, color) => {
    await renderWithProviders(<RoleBadge role={role} />);
    expect(screen.getByText(label).closest('[data-role-color]')).toHaveAttribute('data-role-color', color);
  });
});
