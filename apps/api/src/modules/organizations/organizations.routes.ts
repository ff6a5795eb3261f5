import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateOrganizationWithAdminSchema,
  ErrorResponseSchema,
  IdParamsSchema,
  OrganizationDetailSchema,
  OrganizationListQuerySchema,
  OrganizationListSchema,
  UpdateOrganizationSchema,
  UserListQuerySchema,
  UserListSchema,
} from '@vbuilder/shared';
import { COMMON_ERRORS } from '../../lib/errors.ts';
import { ADMINISTRATORS, STAFF, SUPER_ADMINISTRATOR } from '../../plugins/authorize.ts';
import {
  createOrganization,
  getOrganization,
  listOrganizations,
  listOrganizationUsers,
  organizationsContext,
  updateOrganization,
} from './organizations.service.ts';

const tags = ['organizations'];
const errors = COMMON_ERRORS;

/** Organizations (docs/product/screens.md "Organization pages"): the platform's list, details, edits and members. */
const organizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = organizationsContext(app);

  app.get(
    '/organizations',
    {
      schema: {
        tags,
        summary: 'Every organization, searched, sorted and paginated (Super Administrator)',
        querystring: OrganizationListQuerySchema,
        response: { 200: OrganizationListSchema, ...errors },
      },
      config: { policy: { roles: SUPER_ADMINISTRATOR } },
    },
    (req) => listOrganizations(ctx, req.actor, req.query),
  );

  app.post(
    '/organizations',
    {
      schema: {
        tags,
        summary: 'Create an organization, optionally inviting its first Administrator by mail',
        body: CreateOrganizationWithAdminSchema,
        response: { 201: OrganizationDetailSchema, ...errors, 409: ErrorResponseSchema },
      },
      config: { policy: { roles: SUPER_ADMINISTRATOR } },
    },
    async (req, reply) => reply.code(201).send(await createOrganization(ctx, req.actor, req.body)),
  );

  app.get(
    '/organizations/:id',
    {
      schema: {
        tags,
        summary: 'An organization with its administrators and head counts (its members, Super Administrator)',
        params: IdParamsSchema,
        response: { 200: OrganizationDetailSchema, ...errors },
      },
      config: { policy: 'authenticated' },
    },
    (req) => getOrganization(ctx, req.actor, req.params.id),
  );

  app.patch(
    '/organizations/:id',
    {
      schema: {
        tags,
        summary: "Change an organization's details (its Administrators, Super Administrator)",
        params: IdParamsSchema,
        body: UpdateOrganizationSchema,
        response: { 200: OrganizationDetailSchema, ...errors },
      },
      config: { policy: { roles: ADMINISTRATORS } },
    },
    (req) => updateOrganization(ctx, req.actor, req.params.id, req.body),
  );

  app.get(
    '/organizations/:id/users',
    {
      schema: {
        tags,
        summary: "An organization's users, searched, filtered, sorted and paginated",
        params: IdParamsSchema,
        querystring: UserListQuerySchema,
        response: { 200: UserListSchema, ...errors },
      },
      config: {
        policy: {
          roles: STAFF,
          refusal: { code: 'members_forbidden', message: "Unauthorized to view organization's members" },
        },
      },
    },
    (req) => listOrganizationUsers(ctx, req.actor, req.params.id, req.query),
  );
};

export default organizationsRoutes;
