import type { UserList, UserProfile, UserSummary } from '@vbuilder/shared';
import { makeProfile } from '../../test/profile.ts';

export const ORGANIZATION_ID = '5f0c1c2a-8f7e-4d3b-a1a2-9c8b7d6e5f40';

/** The signed-in person looking at the users screens: an Administrator of ORGANIZATION_ID. */
export const makeViewer = (overrides: Partial<UserProfile> = {}): UserProfile =>
  makeProfile({
    id: '0b7c2f0e-6d1c-4a53-9d0f-1f5c2b7a9e11',
    email: 'admin@school.test',
    role: 'Administrator',
    organizationId: ORGANIZATION_ID,
    name: 'Grace Admin',
    created_at: '2026-01-15T09:30:00.000Z',
    ...overrides,
  });

let sequence = 0;
export function makeUser(overrides: Partial<UserSummary> = {}): UserSummary {
  sequence += 1;
  const n = String(sequence).padStart(12, '0');
  return {
    id: `a1b2c3d4-0000-4000-8000-${n}`,
    name: `Person ${sequence}`,
    email: `person${sequence}@school.test`,
    phone: null,
    role: 'Student',
    status: 'active',
    organizationId: ORGANIZATION_ID,
    organizationName: 'Hillside School',
    language: 'en',
    createdAt: '2026-02-01T08:00:00.000Z',
    lastLoginAt: null,
    ...overrides,
  };
}

export const pageOf = (items: UserSummary[], extra: Partial<UserList> = {}): UserList => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  ...extra,
});

/** The query string of a request path, as an object. */
export const queryOf = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);
