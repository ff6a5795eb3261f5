import type { UserProfile } from '@vbuilder/shared';
import { makeProfile as baseProfile } from '../../test/profile.ts';

/** The profile these screens show in tests: a teacher with a phone number. */
export const makeProfile = (overrides: Partial<UserProfile> = {}): UserProfile =>
  baseProfile({
    id: '0b7c2f0e-6d1c-4a53-9d0f-1f5c2b7a9e11',
    email: 'amina@school.test',
    organizationId: '5f0c1c2a-8f7e-4d3b-a1a2-9c8b7d6e5f40',
    organizationName: 'Kilimanjaro Secondary School',
    name: 'Amina Wanjiru',
    phone: '255700000001',
    created_at: '2026-01-15T09:30:00.000Z',
    ...overrides,
  });

export const envelope = (user: UserProfile) => ({ status: 200, loggedIn: true, user });
