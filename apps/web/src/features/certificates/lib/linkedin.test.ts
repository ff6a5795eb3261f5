import { describe, expect, it } from 'vitest';
import type { Certificate } from '@vbuilder/shared';
import { linkedInAddUrl } from './linkedin.ts';

describe('linkedInAddUrl', () => {
  it("fills LinkedIn's add-certification form with the certificate, its month and its verification page", () => {
    const url = new URL(
      linkedInAddUrl({
        code: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
        verificationUrl: 'https://vbuilder.example/verify/ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
        assessment: { id: 'a', title: 'Algebra & geometry' },
        organization: { id: 'o', name: 'Hill School' },
        issuedAt: '2026-11-20T09:00:00.000Z',
      } as Certificate),
    );
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Algebra & geometry',
      organizationName: 'Hill School',
      issueYear: '2026',
      issueMonth: '11',
      certUrl: 'https://vbuilder.example/verify/ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
      certId: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
    });
  });
});
