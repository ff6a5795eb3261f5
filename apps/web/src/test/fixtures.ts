import {
  QUESTION_EXAMPLE_LIST,
  QUESTION_TYPE_REGISTRY,
  type Assessment,
  type Attempt,
  type OrganizationDetail,
  type ProfileEnvelope,
  type QuestionExamplesResponse,
  type QuestionTypesResponse,
  type SchoolSignInSettings,
  type UserProfile,
} from '@vbuilder/shared';
import { makeProfile } from './profile.ts';

/**
 * Response bodies for the mock server (msw-server.ts), typed with the shared contract: when a
 * schema changes, a fixture that no longer fits fails to compile instead of passing silently.
 * Each builder gives a complete, valid value; a test overrides what it is about.
 */

export { makeProfile };

export const ORGANIZATION_ID = '5f0c1c2a-8f7e-4d3b-a1a2-9c8b7d6e5f40';

/** An organization whose school sign-in is not set up (the organization page's card asks for it). */
export const NO_SCHOOL_SIGN_IN: SchoolSignInSettings = {
  configured: false,
  enabled: false,
  issuer: '',
  clientId: '',
  clientSecretSet: false,
  emailDomains: [],
  roleClaim: null,
  roleMappings: [],
  defaultRole: 'Student',
  mode: 'invitation',
  callbackUrl: 'http://localhost:3000/signin/school/callback',
  available: true,
  updatedAt: null,
};

export function makeOrganization(overrides: Partial<OrganizationDetail> = {}): OrganizationDetail {
  return {
    id: ORGANIZATION_ID,
    name: 'Hill School',
    type: 'school',
    email: 'office@hill.test',
    phone: null,
    address: null,
    postalCode: null,
    createdAt: '2026-02-03T10:00:00.000Z',
    administrators: [],
    counts: { users: 3, administrators: 1, teachers: 1, students: 1 },
    ...overrides,
  };
}

/** GET/PUT /auth/profile's answer. */
export function makeProfileEnvelope(user: Partial<UserProfile> = {}): ProfileEnvelope {
  return { status: 200, loggedIn: true, user: makeProfile(user) };
}

/** GET /assessments/:id's answer, and what creating or saving one answers: a draft with no questions. */
export function makeFullAssessment(overrides: Partial<Assessment> = {}): Assessment {
  return {
    id: '7c1e2d3f-0000-4000-8000-000000000001',
    title: 'Cells',
    subject: 'Biology',
    difficulty: 'Medium',
    generationType: 'manual',
    status: 'draft',
    timing: 'notSet',
    startsAt: null,
    endsAt: null,
    dueAt: null,
    durationMinutes: null,
    allowRetake: false,
    passMark: 50,
    totalMarks: 0,
    questionCount: 0,
    createdBy: { id: 'u-1', name: 'Ada Lovelace' },
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
    myAttempts: null,
    organizationId: ORGANIZATION_ID,
    instructions: '',
    language: 'en',
    instructor: 'Ada Lovelace',
    reviewPolicy: 'afterSubmission',
    releasePolicy: 'immediate',
    assignment: { mode: 'all' },
    questions: [],
    draws: [],
    questionsLocked: false,
    resources: [],
    ...overrides,
  };
}

/** GET /question-types' answer: every type of the registry, as the API lists them. */
export function makeQuestionTypesResponse(): QuestionTypesResponse {
  return {
    types: QUESTION_TYPE_REGISTRY.map((type) => ({
      id: type.id,
      name: type.name,
      family: type.family,
      tier: type.tier,
      responseKind: type.responseKind,
      withImage: type.withImage,
      instructions: type.instructions,
    })),
  };
}

/** GET /question-types/examples' answer: one example per type. */
export function makeQuestionExamplesResponse(): QuestionExamplesResponse {
  return { examples: QUESTION_EXAMPLE_LIST };
}

/** An attempt in progress, untimed, with one true/false question worth 2 marks. */
export function makeAttempt(
  overrides: Partial<Attempt> = {},
  assessment: Partial<Attempt['assessment']> = {},
): Attempt {
  const now = new Date().toISOString();
  return {
    id: 'attempt-1',
    assessment: {
      id: 'a-1',
      title: 'Plants quiz',
      subject: 'Biology',
      instructions: '',
      passMark: 50,
      totalMarks: 2,
      durationMinutes: null,
      endsAt: null,
      dueAt: null,
      allowRetake: false,
      reviewPolicy: 'afterSubmission',
      resources: [],
      ...assessment,
    },
    number: 1,
    status: 'in_progress',
    startedAt: now,
    deadlineAt: null,
    serverNow: now,
    graceSeconds: 30,
    submittedAt: null,
    submittedBy: null,
    questions: [{ id: 'q1', type: 'true-false', text: 'Plants need light.', score: 2, config: {} }],
    answers: {},
    revision: 0,
    ...overrides,
  };
}
