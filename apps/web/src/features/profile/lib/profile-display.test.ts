import { describe, expect, it } from 'vitest';
import { roleStyle } from './profile-display.ts';

describe('roleStyle', () => {
  it('gives each known role its own colour and shows user as Administrator', () => {
    const colours = ['Super Administrator', 'Administrator', 'Teacher', 'Student'].map(
      (r) => roleStyle(r).color,
    );
    expect(new Set(colours).size).toBe(4);
    expect(roleStyle('user')).toMatchObject({
      color: roleStyle('Administrator').color,
      labelKey: 'roles.administrator',
    });
  });

  it('keeps other roles as they are, in grey', () => {
    expect(roleStyle('Proctor')).toEqual({ color: 'gray', labelKey: '', fallback: 'Proctor' });
    expect(roleStyle(null)).toMatchObject({ color: 'gray', fallback: '' });
  });
});
