/**
 * Certificates (apps/api/src/modules/certificates/README.md): Administrators give them to students
 * who passed an assessment (one, several, or everyone who passed), revoke and reissue them; an
 * assessment's rule gives them automatically when a pass is marked or released; the holder and the
 * organization's Administrators download the PDF and the Open Badges 3.0 credential; anyone holding
 * the code checks it. Every give, revoke and reissue is audited; the student is mailed, in their
 * language, when one is given, and told (bell and mail, with the reason) when an Administrator
 * revokes one, both written in the change's transaction.
 *
 * The module's public face: other modules and the routes import from here. The work is in
 * certificates.give.ts (giving, revoking, reissuing, the rule), certificates.read.ts (lists, one
 * certificate, its files, verification) and certificates.template.ts (the organization's template).
 */
import type { AutoCertificateSetting } from '../assessments/assessments.access.ts';
import { applyRuleOfSettings, autoGives } from './certificates.rule.ts';

export { BADGE_MEDIA_TYPE } from './certificates.badge.ts';
export { STATUS_LIST_COUNT, STATUS_LIST_TTL_MS, VC_JWT_MEDIA_TYPE } from './certificates.issuer.ts';
export {
  certificateEffects,
  certificatesContext,
  type CertificateEffects,
  type CertificatesContext,
} from './certificates.context.ts';
export {
  giveCertificates,
  giveOnPass,
  reissueCertificate,
  revokeCertificate,
  revokeInTransaction,
} from './certificates.give.ts';
export { getRule, setRule } from './certificates.rule.ts';
export {
  certificateBadge,
  certificateBadgePng,
  certificatePdf,
  getCertificate,
  issuerDidDocument,
  issuerKeySet,
  issuerStatusList,
  listCertificatesFor,
  verifyCertificate,
} from './certificates.read.ts';
export {
  deleteTemplateLogo,
  getTemplate,
  saveTemplate,
  saveTemplateLogo,
  templateLogo,
} from './certificates.template.ts';

/** The rule as a setting of the assessment, handed to the assessments module at app build. */
export const autoCertificateRule: AutoCertificateSetting = {
  read: autoGives,
  save: applyRuleOfSettings,
};
