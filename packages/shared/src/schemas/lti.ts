import { z } from 'zod';

/**
 * LTI 1.3 registrations of an organization (docs/product/lti.md): a learning platform that
 * launches vbuilder as a tool. Made by hand (the platform's values typed in) or by Dynamic
 * Registration (a one-time link the platform opens: 'pending' until it has registered).
 */
export const LTI_REGISTRATION_STATUSES = ['pending', 'active', 'disabled'] as const;
export type LtiRegistrationStatus = (typeof LTI_REGISTRATION_STATUSES)[number];

const PlatformUrlSchema = z.url({ protocol: /^https?$/ }).max(2000);
const DeploymentIdsSchema = z.array(z.string().trim().min(1).max(255)).max(50);

export const LtiRegistrationSchema = z.object({
  id: z.uuid(),
  organizationId: z.uuid(),
  name: z.string(),
  status: z.enum(LTI_REGISTRATION_STATUSES),
  issuer: z.string().nullable(),
  clientId: z.string().nullable(),
  deploymentIds: z.array(z.string()),
  jwksUrl: z.string().nullable(),
  authLoginUrl: z.string().nullable(),
  tokenUrl: z.string().nullable(),
  productFamily: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LtiRegistration = z.infer<typeof LtiRegistrationSchema>;

/** What a platform's administrator types in for the tool (manual registration). */
export const LtiToolEndpointsSchema = z.object({
  loginUrl: z.string(),
  launchUrl: z.string(),
  jwksUrl: z.string(),
});

export const LtiRegistrationListSchema = z.object({
  tool: LtiToolEndpointsSchema,
  registrations: z.array(LtiRegistrationSchema),
});

export const CreateLtiRegistrationSchema = z.object({
  name: z.string().trim().min(1).max(200),
  issuer: PlatformUrlSchema,
  clientId: z.string().trim().min(1).max(255),
  deploymentIds: DeploymentIdsSchema.min(1),
  jwksUrl: PlatformUrlSchema,
  authLoginUrl: PlatformUrlSchema,
  tokenUrl: PlatformUrlSchema.nullable().optional(),
});
export type CreateLtiRegistration = z.infer<typeof CreateLtiRegistrationSchema>;

export const UpdateLtiRegistrationSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    status: z.enum(['active', 'disabled']),
    deploymentIds: DeploymentIdsSchema,
    jwksUrl: PlatformUrlSchema,
    authLoginUrl: PlatformUrlSchema,
    tokenUrl: PlatformUrlSchema.nullable(),
  })
  .partial();
export type UpdateLtiRegistration = z.infer<typeof UpdateLtiRegistrationSchema>;

export const CreateLtiRegistrationLinkSchema = z.object({ name: z.string().trim().min(1).max(200) });

/** A dynamic registration link: the URL an Administrator pastes into the platform, valid once. */
export const LtiRegistrationLinkSchema = z.object({
  registration: LtiRegistrationSchema,
  url: z.string(),
  expiresAt: z.string(),
});
