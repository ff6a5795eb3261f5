import { z } from 'zod';

/**
 * An organization as the API answers it (SPEC §3 "Organisation"). Optional contact fields are
 * null when not given; `type` is one of ORGANIZATION_TYPES for organizations created through the
 * API, kept as a plain string so older or imported rows still read.
 */
export const OrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
});
export type Organization = z.infer<typeof OrganizationSchema>;
