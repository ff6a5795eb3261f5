import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/errors.ts';
import {
  certificatesContext,
  issuerDidDocument,
  issuerStatusList,
  STATUS_LIST_COUNT,
  STATUS_LIST_TTL_MS,
  VC_JWT_MEDIA_TYPE,
} from './certificates.service.ts';

const tags = ['certificates'];

const DidDocumentSchema = z.object({
  '@context': z.array(z.string()),
  id: z.string(),
  verificationMethod: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      controller: z.string(),
      publicKeyJwk: z.record(z.string(), z.unknown()),
    }),
  ),
  assertionMethod: z.array(z.string()),
});

/**
 * The documents anyone needs to check an organization's Open Badges (docs/product/certificates.md,
 * "How anyone verifies one"), public and outside /api because did:web fixes their address: the
 * DID document at `/orgs/<id>/did.json` and the revocation status lists at `/orgs/<id>/status/<n>`.
 * Registered at the root, before the web app's history fallback, which leaves `/orgs/` alone
 * (plugins/spa.ts). Any site may read them (CORS `*`): verifiers run in browsers too.
 */
const certificateIssuerRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = certificatesContext(app);
  const OrgParams = z.object({ orgId: z.uuid() });

  app.get(
    '/orgs/:orgId/did.json',
    {
      schema: {
        tags,
        summary: "An organization's did:web DID document: the keys its Open Badges are signed with (public)",
        security: [],
        params: OrgParams,
        response: { 200: DidDocumentSchema, ...errorResponses(400, 404, 429) },
      },
      config: { policy: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const document = await issuerDidDocument(ctx, req.params.orgId);
      return reply
        .header('content-type', 'application/did+ld+json; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .header('access-control-allow-origin', '*')
        .send(document);
    },
  );

  app.get(
    '/orgs/:orgId/status/:list',
    {
      schema: {
        tags,
        summary:
          "An organization's revocation status list: a BitstringStatusListCredential signed as a VC-JWT (public)",
        security: [],
        params: OrgParams.extend({
          list: z.coerce
            .number()
            .int()
            .min(0)
            .max(STATUS_LIST_COUNT - 1),
        }),
        response: errorResponses(400, 404, 429),
      },
      config: { policy: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (req, typedReply) => {
      const jwt = await issuerStatusList(ctx, req.params.orgId, req.params.list);
      // The answer is the JWT as text, not JSON: sent as is (no response schema for it).
      const reply: FastifyReply = typedReply;
      // A revoke shows within five minutes at most, however the list is cached on the way.
      return reply
        .header('content-type', VC_JWT_MEDIA_TYPE)
        .header('cache-control', `public, max-age=${STATUS_LIST_TTL_MS / 1000}`)
        .header('access-control-allow-origin', '*')
        .header('x-content-type-options', 'nosniff')
        .send(jwt);
    },
  );
};

export default certificateIssuerRoutes;
