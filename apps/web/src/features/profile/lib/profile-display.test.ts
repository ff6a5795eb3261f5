import { describe, expect, it } from 'vitest';
import { accountStatusColor, formatPhone, roleStyle } from './profile-display.ts';

describe('formatPhone', () => {
  it.each([
    ['255700000001', '+255700000001'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['  60 12-345 6789 ', '+60 12-345 6789'],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (phone, shown) => {
    expect(formatPhone(phone)).toBe(shown);
  });
});

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

describe('accountStatusColor', () => {
  it('colours the account statuses', () => {
    expect(accountStatusColor('active')).toBe('green');
    expect(accountStatusColor('pending')).toBe('yellow');
    expect(accountStatusColor('inactive')).toBe('red');
    expect(accountStatusColor('archived')).toBe('gray');
  });
});
