import type { ReactNode } from 'react';
import type {
  AssessmentList,
  AssessmentSummary,
  Certificate,
  CertificateList,
  CertificateTemplate,
  CertificateVerification,
  StudentStatusEntry,
  UserProfile,
} from '@vbuilder/shared';
import { makeProfile } from '../../test/profile.ts';
import { renderWithRouter } from '../../test/providers.tsx';

/**
 * The certificates screens' test kit: fixtures typed by the shared contract (a fixture that no
 * longer fits fails to compile) and a render inside the app's providers with a router.
 */

export const ORG_ID = '5f0c1c2a-8f7e-4d3b-a1a2-9c8b7d6e5f40';
export const ASSESSMENT_ID = '7c1e2d3f-0000-4000-8000-000000000001';
export const OTHER_ASSESSMENT_ID = '7c1e2d3f-0000-4000-8000-000000000002';
export const STUDENTS = {
  amina: { id: '11111111-0000-4000-8000-000000000001', name: 'Amina Hassan', email: 'amina@hill.test' },
  budi: { id: '11111111-0000-4000-8000-000000000002', name: 'Budi Santoso', email: 'budi@hill.test' },
  chen: { id: '11111111-0000-4000-8000-000000000003', name: 'Chen Wei', email: 'chen@hill.test' },
  dara: { id: '11111111-0000-4000-8000-000000000004', name: 'Dara Sok', email: 'dara@hill.test' },
} as const;
export const CODE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export const administrator = (): UserProfile =>
  makeProfile({ id: 'admin-1', role: 'Administrator', organizationId: ORG_ID, name: 'Ada Admin' });
export const student = (): UserProfile =>
  makeProfile({ id: STUDENTS.amina.id, role: 'Student', organizationId: ORG_ID, name: STUDENTS.amina.name });
export const teacher = (): UserProfile =>
  makeProfile({ id: 'teacher-1', role: 'Teacher', organizationId: ORG_ID });

export function makeCertificate(overrides: Partial<Certificate> = {}): Certificate {
  return {
    id: 'c0000000-0000-4000-8000-000000000001',
    code: CODE,
    verificationUrl: `https://vbuilder.test/verify/${CODE}`,
    holder: { id: STUDENTS.amina.id, name: STUDENTS.amina.name },
    assessment: { id: ASSESSMENT_ID, title: 'Photosynthesis check' },
    organization: { id: ORG_ID, name: 'Hill School' },
    score: 6,
    maxScore: 7,
    percentage: 86,
    issuedAt: '2026-11-20T09:00:00.000Z',
    issuedBy: { id: 'admin-1', name: 'Ada Admin' },
    status: 'valid',
    revokedAt: null,
    revokeReason: null,
    templateId: null,
    replacesId: null,
    replacedById: null,
    ...overrides,
  };
}

export const listOf = (items: Certificate[]): CertificateList => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
});

export function makeAssessmentSummary(overrides: Partial<AssessmentSummary> = {}): AssessmentSummary {
  return {
    id: ASSESSMENT_ID,
    title: 'Photosynthesis check',
    subject: 'Biology',
    difficulty: 'Medium',
    generationType: 'manual',
    status: 'published',
    timing: 'notSet',
    startsAt: null,
    endsAt: null,
    dueAt: null,
    durationMinutes: null,
    allowRetake: false,
    passMark: 50,
    totalMarks: 7,
    questionCount: 2,
    createdBy: { id: 'teacher-1', name: 'Tess Teacher' },
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
    myAttempts: null,
    ...overrides,
  };
}

export const assessmentList = (items: AssessmentSummary[]): AssessmentList => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 100,
});

export function studentStatus(
  who: { id: string; name: string; email: string },
  bestPercentage: number | null,
): StudentStatusEntry {
  return {
    student: { ...who },
    status: bestPercentage === null ? 'Pending' : 'Submitted',
    attempts: bestPercentage === null ? 0 : 1,
    bestPercentage,
    lastSubmittedAt: bestPercentage === null ? null : '2026-11-19T09:00:00.000Z',
    pendingMarking: false,
    inProgress: null,
  };
}

export function makeTemplate(overrides: Partial<CertificateTemplate> = {}): CertificateTemplate {
  return {
    id: null,
    organizationId: ORG_ID,
    title: 'Certificate of Achievement',
    body: '{student} passed {assessment} with {score} on {date}.',
    signatoryName: 'Ada Admin',
    signatoryTitle: 'Head of School',
    primaryColor: '#1e3a8a',
    accentColor: '#b45309',
    logoKey: null,
    logoUrl: null,
    updatedAt: null,
    ...overrides,
  };
}

export function makeVerification(overrides: Partial<CertificateVerification> = {}): CertificateVerification {
  return {
    holderName: STUDENTS.amina.name,
    assessmentTitle: 'Photosynthesis check',
    organizationName: 'Hill School',
    issuedAt: '2026-11-20T09:00:00.000Z',
    status: 'valid',
    revokedAt: null,
    ...overrides,
  };
}

/** Renders `ui` at `route` (matched by `path`) with the app's providers; other paths show where a link led. */
export const renderCertificates = (ui: ReactNode, route: string, path: string) =>
  renderWithRouter(ui, route, path);
