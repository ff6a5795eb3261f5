import { z } from 'zod';

/**
 * Sign-in with the school's own OpenID provider, per organization (docs/product/school-sign-in.md).
 * Messages are keys of the web's `validation` namespace.
 */

/** invitation: only an existing account of the organization (or a linked one); just_in_time: created at first sign-in. */
export const SCHOOL_SIGN_IN_MODES = ['invitation', 'just_in_time'] as const;
export type SchoolSignInMode = (typeof SCHOOL_SIGN_IN_MODES)[number];

/** The roles a school's provider may give a new account: never Super Administrator. */
export const SCHOOL_SIGN_IN_ROLES = ['Administrator', 'Teacher', 'Student'] as const;
export const SchoolSignInRoleSchema = z.enum(SCHOOL_SIGN_IN_ROLES, 'validation.invalidValue');

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The provider's issuer identifier: the discovery document is at
 * `<issuer>/.well-known/openid-configuration`. HTTPS only; plain HTTP only on this machine
 * (a provider run for a test or a demo).
 */
export const IssuerSchema = z
  .string()
  .trim()
  .max(500, 'validation.issuerInvalid')
  .refine((value) => {
    try {
      const url = new URL(value);
      if (url.search || url.hash || url.username || url.password) return false;
      return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
    } catch {
      return false;
    }
  }, 'validation.issuerInvalid')
  // A discovery URL pasted whole is the same provider: keep its issuer.
  .transform((value) => value.replace(/\/\.well-known\/openid-configuration\/?$/, '').replace(/\/$/, ''));

/** A mail domain: lowercase labels of letters, digits and hyphens, at least one dot. */
export const EmailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^@/, ''))
  .pipe(
    z
      .string()
      .max(253, 'validation.emailDomainInvalid')
      .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/, 'validation.emailDomainInvalid'),
  );

export const RoleMappingSchema = z.object({
  /** The value the claim must hold (or contain, when the claim is a list), e.g. a group id. */
  value: z.string().trim().min(1, 'validation.claimValueRequired').max(200, 'validation.claimValueRequired'),
  role: SchoolSignInRoleSchema,
});
export type RoleMapping = z.infer<typeof RoleMappingSchema>;

/** PUT /api/organizations/:id/school-sign-in. The secret is omitted to keep the saved one. */
export const SaveSchoolSignInSchema = z
  .object({
    enabled: z.boolean(),
    issuer: IssuerSchema,
    clientId: z.string().trim().min(1, 'validation.clientIdRequired').max(300, 'validation.clientIdRequired'),
    clientSecret: z.string().trim().min(1, 'validation.clientSecretRequired').max(1000).optional(),
    emailDomains: z
      .array(EmailDomainSchema)
      .min(1, 'validation.emailDomainsRequired')
      .max(20, 'validation.tooManyEmailDomains')
      .refine((list) => new Set(list).size === list.length, 'validation.duplicateEmailDomain'),
    roleClaim: z
      .string()
      .trim()
      .max(100, 'validation.invalidValue')
      .regex(/^[A-Za-z0-9_:.\-/]*$/, 'validation.invalidValue')
      .nullable()
      .optional()
      .transform((value) => value || null),
    roleMappings: z.array(RoleMappingSchema).max(50, 'validation.invalidValue').default([]),
    defaultRole: SchoolSignInRoleSchema,
    mode: z.enum(SCHOOL_SIGN_IN_MODES, 'validation.invalidValue'),
  })
  .refine((v) => !v.roleMappings.length || v.roleClaim, {
    message: 'validation.roleClaimRequired',
    path: ['roleClaim'],
  });
export type SaveSchoolSignInInput = z.input<typeof SaveSchoolSignInSchema>;

/** GET answer: everything but the client secret, which is never sent back. */
export const SchoolSignInSettingsSchema = z.object({
  configured: z.boolean(),
  enabled: z.boolean(),
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  emailDomains: z.array(z.string()),
  roleClaim: z.string().nullable(),
  roleMappings: z.array(z.object({ value: z.string(), role: SchoolSignInRoleSchema })),
  defaultRole: SchoolSignInRoleSchema,
  mode: z.enum(SCHOOL_SIGN_IN_MODES),
  /** The redirect URI to register at the school's provider. */
  callbackUrl: z.string(),
  /** False when the whole installation signs in at an external issuer (OIDC_ISSUER). */
  available: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type SchoolSignInSettings = z.infer<typeof SchoolSignInSettingsSchema>;

/** POST /api/organizations/:id/school-sign-in/test: fetch a provider's discovery document. */
export const TestSchoolSignInSchema = z.object({ issuer: IssuerSchema });
export const SchoolSignInTestResultSchema = z.object({
  ok: z.boolean(),
  issuer: z.string().optional(),
  authorizationEndpoint: z.string().optional(),
  tokenEndpoint: z.string().optional(),
  /** Why it failed, in English from the library (a technical detail under a translated message). */
  detail: z.string().optional(),
});
export type SchoolSignInTestResult = z.infer<typeof SchoolSignInTestResultSchema>;

/** The sign-in page's question: does this email's domain sign in at a school's provider? */
export const SchoolSignInLookupSchema = z.object({ email: z.string().trim().toLowerCase().max(254) });
export const SchoolSignInLookupResultSchema = z.object({ organizationName: z.string() });

/** Domain of an email address, lowercase, or null. */
export const emailDomainOf = (email: string): string | null => {
  const at = email.trim().lastIndexOf('@');
  return at > 0
    ? email
        .trim()
        .slice(at + 1)
        .toLowerCase() || null
    : null;
};
