import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { CLAIM, PLATFORM_CONFIGURATION, SCOPE, TOOL_CONFIGURATION } from './claims.ts';
import { KeyRing, unsignedJwt } from './keys.ts';
import { registerTool, type ToolRecord } from './registration.ts';

export { CLAIM, ROLE, SCOPE } from './claims.ts';

/**
 * A learning platform for tests, speaking the PLATFORM side of LTI 1.3 on loopback, written from
 * 1EdTech's specifications (LTI Core 1.3, Security Framework 1.0, Dynamic Registration 1.0, Deep
 * Linking 2.0, AGS 2.0, NRPS 2.0), not from any tool's code:
 *
 * - GET /.well-known/openid-configuration: the platform configuration (Dynamic Registration §3.3);
 * - GET /jwks: its public keys; `rotateKey()` publishes a new key and withdraws the old;
 * - `loginInitiation()`: the third-party-initiated login a browser is sent to (Core §4.1,
 *   Security §5.1.1.1), with iss, login_hint, target_link_uri, lti_message_hint, client_id and
 *   lti_deployment_id;
 * - GET|POST /authorize: checks the tool's authentication request (Security §5.1.1.2) and answers
 *   with a page that form-POSTs a signed id_token and the state to the redirect_uri (§5.1.1.3);
 * - POST /token: client_credentials with a private_key_jwt assertion it verifies against the
 *   tool's key set (Security §4.1), access tokens with the AGS/NRPS scopes asked for;
 * - /contexts/:id/lineitems (GET, POST), …/lineitems/:id/scores (POST): AGS 2.0, recorded;
 * - GET /contexts/:id/memberships: NRPS 2.0;
 * - POST /deep-link-return: verifies the tool's signed LtiDeepLinkingResponse (Deep Linking §4.5);
 * - POST /register: Dynamic Registration §3.5, with a one-time registration token.
 *
 * Every request the tool makes is kept in `recorded` so tests can check what arrived.
 */

export interface LmsUser {
  sub: string;
  name: string;
  givenName?: string;
  familyName?: string;
  email?: string;
  roles: string[];
}

/** What a test may change in the id token the platform issues, to craft a launch a tool must refuse. */
export interface Tamper {
  aud?: string | string[];
  azp?: string;
  iss?: string;
  deploymentId?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  /** Seconds from now for iat. */
  issuedIn?: number;
  nonce?: string;
  version?: string;
  messageType?: string;
  /** A target_link_uri claim other than the one the login initiation named. */
  targetLinkUri?: string;
  /** 'none': an unsigned token (alg none); 'retired': signed with the first key rotated out. */
  signing?: 'none' | 'retired';
}

export interface LaunchPlan {
  clientId: string;
  deploymentId: string;
  user: LmsUser;
  messageType?: 'LtiResourceLinkRequest' | 'LtiDeepLinkingRequest';
  resourceLink?: { id: string; title?: string };
  /** The tool's URL the platform asks to be launched (defaults to the tool's target_link_uri). */
  targetLinkUri?: string;
  tamper?: Tamper;
}

export interface AuthRequestRecord {
  params: Record<string, string>;
  error?: string;
}

export interface TestLms {
  url: string;
  issuer: string;
  keys: KeyRing;
  tools: Map<string, ToolRecord>;
  context: { id: string; label: string; title: string };
  members: LmsUser[];
  recorded: {
    authRequests: AuthRequestRecord[];
    idTokens: JWTPayload[];
    tokenRequests: { clientId?: string; scope?: string; error?: string }[];
    lineItems: Record<string, unknown>[];
    scores: { lineItem: string; score: Record<string, unknown> }[];
    deepLinkResponses: JWTPayload[];
    registrations: Record<string, unknown>[];
  };
  /** Publishes a new key (new kid) and withdraws the current one. */
  rotateKey(): Promise<{ oldKid: string; newKid: string }>;
  /** Adds a tool the manual way (as an administrator types it into the platform). */
  addTool(tool: Omit<ToolRecord, 'deploymentIds'> & { deploymentIds?: string[] }): ToolRecord;
  /** The URL a browser is sent to start a launch: the tool's login initiation with its parameters. */
  loginInitiation(plan: LaunchPlan): { url: string; params: Record<string, string> };
  /** The URL an administrator opens to register a tool dynamically (Dynamic Registration §3.2). */
  dynamicRegistrationUrl(toolInitiationUrl: string): string;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The auto-submitting form of an OIDC form_post response (OAuth 2.0 Form Post Response Mode). */
export function formPostPage(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return `<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${escapeHtml(action)}">${inputs}</form></body></html>`;
}

export async function startTestLms(): Promise<TestLms> {
  const keys = await KeyRing.create();
  const tools = new Map<string, ToolRecord>();
  const plans = new Map<string, LaunchPlan>();
  const registrationTokens = new Set<string>();
  const accessTokens = new Map<string, { clientId: string; scopes: string[]; expiresAt: number }>();
  const usedAssertionIds = new Set<string>();
  const toolKeySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  const lineItems = new Map<string, Record<string, unknown>>();
  const recorded: TestLms['recorded'] = {
    authRequests: [],
    idTokens: [],
    tokenRequests: [],
    lineItems: [],
    scores: [],
    deepLinkResponses: [],
    registrations: [],
  };
  const context = { id: `course-${randomBytes(4).toString('hex')}`, label: 'BIO101', title: 'Biology 101' };
  const members: LmsUser[] = [];
  let url = '';

  const toolKeySet = (tool: ToolRecord) => {
    let set = toolKeySets.get(tool.jwksUri);
    if (!set) toolKeySets.set(tool.jwksUri, (set = createRemoteJWKSet(new URL(tool.jwksUri))));
    return set;
  };

  function idTokenClaims(plan: LaunchPlan, tool: ToolRecord, nonce: string): JWTPayload {
    const now = Math.floor(Date.now() / 1000);
    const t = plan.tamper ?? {};
    const type = plan.messageType ?? 'LtiResourceLinkRequest';
    const claims: JWTPayload = {
      iss: t.iss ?? url,
      sub: plan.user.sub,
      aud: t.aud ?? tool.clientId,
      exp: now + (t.expiresIn ?? 300),
      iat: now + (t.issuedIn ?? 0),
      nonce: t.nonce ?? nonce,
      name: plan.user.name,
      ...(plan.user.givenName ? { given_name: plan.user.givenName } : {}),
      ...(plan.user.familyName ? { family_name: plan.user.familyName } : {}),
      ...(plan.user.email ? { email: plan.user.email } : {}),
      [CLAIM.messageType]: t.messageType ?? type,
      [CLAIM.version]: t.version ?? '1.3.0',
      [CLAIM.deploymentId]: t.deploymentId ?? plan.deploymentId,
      [CLAIM.targetLinkUri]: t.targetLinkUri ?? plan.targetLinkUri ?? tool.targetLinkUri,
      [CLAIM.roles]: plan.user.roles,
      [CLAIM.context]: { ...context, type: ['http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering'] },
      [CLAIM.toolPlatform]: {
        guid: new URL(url).host,
        product_family_code: 'vbuilder-test-lms',
        version: '1',
      },
      [CLAIM.launchPresentation]: { document_target: 'iframe', locale: 'en' },
    };
    if (t.azp) claims.azp = t.azp;
    else if (Array.isArray(claims.aud)) claims.azp = tool.clientId;
    if (type === 'LtiResourceLinkRequest') {
      claims[CLAIM.resourceLink] = plan.resourceLink ?? { id: 'resource-1', title: 'Quiz' };
      claims[CLAIM.agsEndpoint] = {
        scope: [SCOPE.lineItem, SCOPE.resultReadOnly, SCOPE.score],
        lineitems: `${url}/contexts/${context.id}/lineitems`,
      };
      claims[CLAIM.nrpsService] = {
        context_memberships_url: `${url}/contexts/${context.id}/memberships`,
        service_versions: ['2.0'],
      };
    } else {
      claims[CLAIM.deepLinkingSettings] = {
        deep_link_return_url: `${url}/deep-link-return`,
        accept_types: ['ltiResourceLink'],
        accept_presentation_document_targets: ['iframe', 'window'],
        accept_multiple: true,
        auto_create: true,
        data: `dl-${randomBytes(6).toString('hex')}`,
      };
    }
    return claims;
  }

  /** Security Framework §5.1.1.2–3: check the authentication request, answer with a form post. */
  async function authorize(params: Record<string, string>, res: ServerResponse) {
    const record: AuthRequestRecord = { params };
    recorded.authRequests.push(record);
    const fail = (error: string) => {
      record.error = error;
      send(res, 400, { error });
    };
    const tool = tools.get(params.client_id ?? '');
    if (!tool) return fail('unauthorized_client');
    if (!params.redirect_uri || !tool.redirectUris.includes(params.redirect_uri))
      return fail('invalid_request: redirect_uri not registered');
    if (!(params.scope ?? '').split(' ').includes('openid')) return fail('invalid_scope');
    if (params.response_type !== 'id_token') return fail('unsupported_response_type');
    if (params.response_mode !== 'form_post') return fail('invalid_request: response_mode');
    if (params.prompt !== 'none') return fail('invalid_request: prompt');
    if (!params.nonce) return fail('invalid_request: nonce');
    const plan = plans.get(params.lti_message_hint ?? '');
    if (!plan || plan.user.sub !== params.login_hint) return fail('login_required');
    plans.delete(params.lti_message_hint!);
    const claims = idTokenClaims(plan, tool, params.nonce);
    recorded.idTokens.push(claims);
    const signing = plan.tamper?.signing;
    const retired = keys.retired[0];
    if (signing === 'retired' && !retired) return fail('server_error: no retired key');
    const idToken =
      signing === 'none'
        ? unsignedJwt(claims)
        : await keys.sign(claims, signing === 'retired' ? retired : keys.current);
    send(
      res,
      200,
      formPostPage(params.redirect_uri, {
        id_token: idToken,
        ...(params.state ? { state: params.state } : {}),
      }),
      'text/html; charset=utf-8',
    );
  }

  /** Security Framework §4.1: client_credentials with a JWT assertion signed by the tool. */
  async function token(form: URLSearchParams, res: ServerResponse) {
    const entry: TestLms['recorded']['tokenRequests'][number] = { scope: form.get('scope') ?? undefined };
    recorded.tokenRequests.push(entry);
    const fail = (error: string, status = 400) => {
      entry.error = error;
      send(res, status, { error });
    };
    if (form.get('grant_type') !== 'client_credentials') return fail('unsupported_grant_type');
    if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
      return fail('invalid_client', 401);
    const assertion = form.get('client_assertion') ?? '';
    let payload: JWTPayload;
    try {
      const [, body] = assertion.split('.');
      const claimed = JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8')) as JWTPayload;
      const tool = tools.get(String(claimed.iss));
      if (!tool) return fail('invalid_client', 401);
      ({ payload } = await jwtVerify(assertion, toolKeySet(tool), {
        issuer: tool.clientId,
        subject: tool.clientId,
        audience: [`${url}/token`, url],
        algorithms: ['RS256', 'RS384', 'RS512'],
        requiredClaims: ['jti', 'exp', 'iat'],
      }));
    } catch (error) {
      return fail(`invalid_client: ${(error as Error).message}`, 401);
    }
    if (usedAssertionIds.has(String(payload.jti))) return fail('invalid_client: jti replayed', 401);
    usedAssertionIds.add(String(payload.jti));
    const tool = tools.get(String(payload.iss))!;
    const asked = (form.get('scope') ?? '').split(' ').filter(Boolean);
    const granted = asked.filter((s) => tool.scopes.includes(s));
    if (!granted.length) return fail('invalid_scope');
    entry.clientId = tool.clientId;
    const accessToken = randomBytes(24).toString('base64url');
    accessTokens.set(accessToken, {
      clientId: tool.clientId,
      scopes: granted,
      expiresAt: Date.now() + 3600_000,
    });
    send(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 3600,
      scope: granted.join(' '),
    });
  }

  const bearer = (req: IncomingMessage, scopes: string[]) => {
    const value = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const grant = value ? accessTokens.get(value) : undefined;
    return grant && grant.expiresAt > Date.now() && grant.scopes.some((s) => scopes.includes(s))
      ? grant
      : null;
  };

  async function deepLinkReturn(form: URLSearchParams, res: ServerResponse) {
    const jwt = form.get('JWT') ?? '';
    try {
      const [, body] = jwt.split('.');
      const claimed = JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8')) as JWTPayload;
      const tool = tools.get(String(claimed.iss));
      if (!tool) return send(res, 400, { error: 'unknown tool' });
      const { payload } = await jwtVerify(jwt, toolKeySet(tool), {
        issuer: tool.clientId,
        audience: url,
        algorithms: ['RS256', 'RS384', 'RS512'],
        requiredClaims: ['exp', 'iat', 'nonce'],
      });
      if (payload[CLAIM.messageType] !== 'LtiDeepLinkingResponse') throw new Error('message_type');
      if (payload[CLAIM.version] !== '1.3.0') throw new Error('version');
      if (!tool.deploymentIds.includes(String(payload[CLAIM.deploymentId]))) throw new Error('deployment_id');
      recorded.deepLinkResponses.push(payload);
      send(res, 200, '<!doctype html><p>Content added</p>', 'text/html; charset=utf-8');
    } catch (error) {
      send(res, 400, { error: (error as Error).message });
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const requestUrl = new URL(req.url ?? '/', url);
    const path = requestUrl.pathname;
    const method = req.method ?? 'GET';
    const body = method === 'POST' ? await readBody(req) : '';
    const form = new URLSearchParams(body);

    if (method === 'GET' && path === '/.well-known/openid-configuration') {
      return send(res, 200, {
        issuer: url,
        authorization_endpoint: `${url}/authorize`,
        token_endpoint: `${url}/token`,
        registration_endpoint: `${url}/register`,
        jwks_uri: `${url}/jwks`,
        token_endpoint_auth_methods_supported: ['private_key_jwt'],
        token_endpoint_auth_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', ...Object.values(SCOPE)],
        response_types_supported: ['id_token'],
        subject_types_supported: ['public', 'pairwise'],
        id_token_signing_alg_values_supported: ['RS256'],
        claims_supported: ['sub', 'iss', 'name', 'given_name', 'family_name', 'email'],
        [PLATFORM_CONFIGURATION]: {
          product_family_code: 'vbuilder-test-lms',
          version: '1.0',
          messages_supported: [{ type: 'LtiResourceLinkRequest' }, { type: 'LtiDeepLinkingRequest' }],
        },
      });
    }
    if (method === 'GET' && path === '/jwks') return send(res, 200, keys.jwks());
    if (path === '/authorize' && (method === 'GET' || method === 'POST'))
      return authorize(Object.fromEntries(method === 'GET' ? requestUrl.searchParams : form), res);
    if (method === 'POST' && path === '/token') return token(form, res);
    if (method === 'POST' && path === '/deep-link-return') return deepLinkReturn(form, res);
    if (method === 'POST' && path === '/register') {
      const tokenValue = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!tokenValue || !registrationTokens.delete(tokenValue))
        return send(res, 401, { error: 'invalid_token' });
      const result = registerTool(body, tools);
      if ('error' in result) return send(res, 400, result);
      recorded.registrations.push(result.request);
      return send(res, 200, result.response);
    }

    const lineItemsPath = `/contexts/${context.id}/lineitems`;
    if (path === lineItemsPath && method === 'GET') {
      if (!bearer(req, [SCOPE.lineItem, SCOPE.lineItemReadOnly]))
        return send(res, 401, { error: 'unauthorized' });
      return send(res, 200, [...lineItems.values()], 'application/vnd.ims.lis.v2.lineitemcontainer+json');
    }
    if (path === lineItemsPath && method === 'POST') {
      if (!bearer(req, [SCOPE.lineItem])) return send(res, 401, { error: 'unauthorized' });
      const item = JSON.parse(body) as Record<string, unknown>;
      if (typeof item.scoreMaximum !== 'number' || !(item.scoreMaximum > 0) || typeof item.label !== 'string')
        return send(res, 400, { error: 'scoreMaximum and label are required' });
      const id = `${url}${lineItemsPath}/${randomUUID()}`;
      const saved = { ...item, id };
      lineItems.set(id, saved);
      recorded.lineItems.push(saved);
      return send(res, 201, saved, 'application/vnd.ims.lis.v2.lineitem+json');
    }
    const scoreMatch = new RegExp(`^${lineItemsPath}/([^/]+)/scores$`).exec(path);
    if (scoreMatch && method === 'POST') {
      if (!bearer(req, [SCOPE.score])) return send(res, 401, { error: 'unauthorized' });
      if (!(req.headers['content-type'] ?? '').startsWith('application/vnd.ims.lis.v1.score+json'))
        return send(res, 415, { error: 'content type' });
      const lineItem = `${url}${lineItemsPath}/${scoreMatch[1]}`;
      if (!lineItems.has(lineItem)) return send(res, 404, { error: 'no such line item' });
      const score = JSON.parse(body) as Record<string, unknown>;
      for (const field of ['userId', 'activityProgress', 'gradingProgress', 'timestamp'])
        if (score[field] === undefined) return send(res, 400, { error: `${field} is required` });
      recorded.scores.push({ lineItem, score });
      res.writeHead(204).end();
      return;
    }
    if (path === `/contexts/${context.id}/memberships` && method === 'GET') {
      if (!bearer(req, [SCOPE.memberships])) return send(res, 401, { error: 'unauthorized' });
      return send(
        res,
        200,
        {
          id: `${url}${path}`,
          context,
          members: members.map((m) => ({
            status: 'Active',
            user_id: m.sub,
            name: m.name,
            ...(m.email ? { email: m.email } : {}),
            roles: m.roles,
          })),
        },
        'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
      );
    }
    send(res, 404, { error: 'not found' });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    issuer: url,
    keys,
    tools,
    context,
    members,
    recorded,
    rotateKey: () => keys.rotate(),
    addTool(tool) {
      const record: ToolRecord = {
        ...tool,
        deploymentIds: tool.deploymentIds ?? [`dep-${randomBytes(4).toString('hex')}`],
      };
      tools.set(record.clientId, record);
      return record;
    },
    loginInitiation(plan) {
      const tool = tools.get(plan.clientId);
      if (!tool) throw new Error(`no tool ${plan.clientId}`);
      const hint = randomBytes(12).toString('hex');
      plans.set(hint, plan);
      if (!members.some((m) => m.sub === plan.user.sub)) members.push(plan.user);
      const params = {
        iss: url,
        login_hint: plan.user.sub,
        target_link_uri: plan.targetLinkUri ?? tool.targetLinkUri,
        lti_message_hint: hint,
        client_id: tool.clientId,
        lti_deployment_id: plan.deploymentId,
      };
      const target = new URL(tool.initiateLoginUri);
      for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
      return { url: target.toString(), params };
    },
    dynamicRegistrationUrl(toolInitiationUrl) {
      const registrationToken = randomBytes(16).toString('base64url');
      registrationTokens.add(registrationToken);
      const target = new URL(toolInitiationUrl);
      target.searchParams.set('openid_configuration', `${url}/.well-known/openid-configuration`);
      target.searchParams.set('registration_token', registrationToken);
      return target.toString();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export { TOOL_CONFIGURATION, PLATFORM_CONFIGURATION };
export type { ToolRecord };
