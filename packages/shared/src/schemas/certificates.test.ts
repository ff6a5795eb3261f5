import { describe, expect, it } from 'vitest';
import {
  CertificateCodeSchema,
  CertificateVerificationSchema,
  fillCertificateBody,
  GiveCertificatesBodySchema,
} from './certificates.ts';

describe('certificates contract', () => {
  it('fills the known placeholders and leaves other braces as written', () => {
    const text = fillCertificateBody(
      '{student} passed {assessment} with {score} on {date} at {organization} {other}',
      {
        student: 'สมชาย ใจดี',
        assessment: 'Algebra',
        score: '92%',
        date: '26 Nov 2026',
        organization: '北京学校',
      },
    );
    expect(text).toBe('สมชาย ใจดี passed Algebra with 92% on 26 Nov 2026 at 北京学校 {other}');
  });

  it('takes named students or everyone who passed, never both empty', () => {
    const assessmentId = '7d3c2a4e-1f7b-4c55-9a55-0a6f7b3f2c11';
    expect(GiveCertificatesBodySchema.safeParse({ assessmentId, allPassed: true }).success).toBe(true);
    expect(GiveCertificatesBodySchema.safeParse({ assessmentId, studentIds: [assessmentId] }).success).toBe(
      true,
    );
    expect(GiveCertificatesBodySchema.safeParse({ assessmentId, studentIds: [] }).success).toBe(false);
    expect(GiveCertificatesBodySchema.safeParse({ assessmentId, allPassed: false }).success).toBe(false);
  });

  it('accepts a code in any case and the verification answer only with its own fields', () => {
    expect(CertificateCodeSchema.parse('abcdefghijklmnopqrstuvwxyz234567')).toBe(
      'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
    );
    expect(CertificateCodeSchema.safeParse('ABC').success).toBe(false);
    const answer = {
      holderName: 'A',
      assessmentTitle: 'B',
      organizationName: 'C',
      issuedAt: '2026-11-26T00:00:00.000Z',
      status: 'valid',
      revokedAt: null,
    };
    expect(CertificateVerificationSchema.safeParse(answer).success).toBe(true);
    expect(CertificateVerificationSchema.safeParse({ ...answer, email: 'a@b.c' }).success).toBe(false);
  });
});
