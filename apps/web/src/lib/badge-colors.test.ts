import { describe, expect, it } from 'vitest';
import { roleColor, statusColor } from './badge-colors.ts';

describe('statusColor', () => {
  it('colours the account statuses', () => {
    expect(statusColor('active')).toBe('green');
    expect(statusColor('pending')).toBe('yellow');
    expect(statusColor('inactive')).toBe('red');
    expect(statusColor('archived')).toBe('gray');
  });
});

describe('roleColor', () => {
  it("gives each role its own colour, 'user' the Administrator's, others grey", () => {
    const colours = ['Super Administrator', 'Administrator', 'Teacher', 'Student'].map(roleColor);
    expect(new Set(colours).size).toBe(4);
    expect(roleColor('user')).toBe(roleColor('Administrator'));
    expect(roleColor('Proctor')).toBe('gray');
    expect(roleColor(null)).toBe('gray');
  });
});
