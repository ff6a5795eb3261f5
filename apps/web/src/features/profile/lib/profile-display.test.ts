import { describe, expect, it } from 'vitest';
import { accountStatusColor, formatDateTime, formatPhone, roleStyle } from './profile-display.ts';

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

describe('formatDateTime', () => {
  it("uses the reader's language and time zone", () => {
    const iso = '2026-03-04T05:06:07.000Z';
    expect(formatDateTime(iso, 'en', 'UTC')).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
        new Date(iso),
      ),
    );
    expect(formatDateTime(iso, 'en', 'UTC')).toContain('Mar 4, 2026');
    expect(formatDateTime(iso, 'en', 'Asia/Kathmandu')).toContain('10:51');
    expect(formatDateTime(iso, 'vi', 'UTC')).not.toBe(formatDateTime(iso, 'en', 'UTC'));
  });

  it('shows an unreadable value as it came', () => {
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
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
