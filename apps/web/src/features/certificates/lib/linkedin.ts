import type { Certificate } from '@vbuilder/shared';

/**
 * LinkedIn's "add to profile" address for a certificate: the Licenses & certifications form,
 * filled with the assessment as the certification's name, the organization, the month it was
 * given, the public verification page and the code as the credential id
 * (https://addtoprofile.linkedin.com, startTask=CERTIFICATION_NAME).
 */
export function linkedInAddUrl(certificate: Certificate): string {
  const issued = new Date(certificate.issuedAt);
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certificate.assessment.title,
    organizationName: certificate.organization.name,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: certificate.verificationUrl,
    certId: certificate.code,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}
