import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateUserSchema,
  ErrorResponseSchema,
  IdParamsSchema,
  ImportUsersResultSchema,
  LanguageSchema,
  UpdateUserSchema,
  UserListQuerySchema,
  UserListSchema,
  UserSummarySchema,
} from '@vbuilder/shared';
import { COMMON_ERRORS } from '../../lib/errors.ts';
import { readUploadedFile } from '../../lib/files.ts';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importStudents } from './users.import.ts';
import {
  MEMBER_VIEWER_ROLES,
  MEMBERS_REFUSAL,
  USER_CREATOR_ROLES,
  USER_MANAGER_ROLES,
} from './users.policy.ts';
import {
  createUser,
  deleteUserByActor,
  getUser,
  listUsers,
  updateUserByActor,
  usersContext,
} from './users.service.ts';

/** The multipart field the CSV file arrives in. */
export const IMPORT_FILE_FIELD = 'file';

const tags = ['users'];
const errors = COMMON_ERRORS;

/**
 * Users of an organization: the users and all-users tables, adding (one by one or
 * from a CSV file), changing role, deactivating, reactivating and deleting. Routes declare which
 * roles may call them; users.policy.ts holds the rules that depend on the target.
 */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = usersContext(app);

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary:
          "List users: everyone's (Super Administrator) or the caller's organization's; paginated and sorted",
        querystring: UserListQuerySchema,
        response: { 200: UserListSchema, ...errors },
      },
      config: { policy: { roles: MEMBER_VIEWER_ROLES, refusal: MEMBERS_REFUSAL } },
    },
    (req) => listUsers(app.db, req.actor, req.query),
  );

  app.post(
    '/users',
    {
      schema: {
        tags,
        summary: 'Add a user (pending until they choose a password from the invitation mail)',
        body: CreateUserSchema,
        response: { 201: UserSummarySchema, ...errors, 409: ErrorResponseSchema },
      },
      config: { policy: { roles: USER_CREATOR_ROLES } },
    },
    async (req, reply) => reply.code(201).send(await createUser(ctx, req.actor, req.body)),
  );

  app.post(
    '/users/import',
    {
      schema: {
        tags,
        summary: `Add Students from a CSV file (multipart field ${IMPORT_FILE_FIELD}; header name,email[,phone][,language]; at most ${IMPORT_MAX_ROWS} rows and 1 MB); language: for rows without one (default the caller's)`,
        consumes: ['multipart/form-data'],
        querystring: z.object({ organizationId: z.uuid().optional(), language: LanguageSchema.optional() }),
        response: { 200: ImportUsersResultSchema, ...errors, 413: ErrorResponseSchema },
      },
      config: { policy: { roles: USER_CREATOR_ROLES } },
    },
    async (req) => {
      const { bytes } = await readUploadedFile(req, {
        field: IMPORT_FILE_FIELD,
        maxBytes: IMPORT_MAX_BYTES,
        what: 'the CSV file',
      });
      return importStudents(ctx, req.actor, req.query.organizationId, bytes, req.query.language);
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'One user of the caller’s organization (any user for the Super Administrator)',
        params: IdParamsSchema,
        response: { 200: UserSummarySchema, ...errors },
      },
      config: { policy: { roles: MEMBER_VIEWER_ROLES, refusal: MEMBERS_REFUSAL } },
    },
    (req) => getUser(app.db, req.actor, req.params.id),
  );

  app.patch(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Change role, deactivate or reactivate, or edit name and phone',
        params: IdParamsSchema,
        body: UpdateUserSchema,
        response: { 200: UserSummarySchema, ...errors, 409: ErrorResponseSchema },
      },
      config: { policy: { roles: USER_MANAGER_ROLES } },
    },
    (req) => updateUserByActor(ctx, req.actor, req.params.id, req.body),
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Delete a user; their sessions and refresh tokens stop working at once',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors, 409: ErrorResponseSchema },
      },
      config: { policy: { roles: USER_MANAGER_ROLES } },
    },
    async (req, reply) => {
      await deleteUserByActor(ctx, req.actor, req.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default usersRoutes;
