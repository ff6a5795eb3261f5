import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { freePort } from '../../../../../test-support/free-port.ts';
import { TestBrowser } from '../../../../../test-support/test-lms/browser.ts';
import {
  ROLE,
  startTestLms,
  type LaunchPlan,
  type LmsUser,
  type TestLms,
  type ToolRecord,
} from '../../../../../test-support/test-lms/test-lms.ts';
import { assessments, ltiLaunchCodes, ltiPlatformUsers, users } from '../../db/schema/index.ts';
import {
  TestBrowser as ProviderBrowser,
  exchangeCode,
  followToCode,
  pkcePair,
  startLogin,
} from '../../identity/test-client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, makeOrganization, signInAs, tokenFor } from '../../test/sign-in.ts';
import { toolSigningKey } from './lti.keys.ts';
import { takeLaunchCode } from './lti.service.ts';

/**
 * LTI 1.3 against the test LMS on loopback (test-support/test-lms, the platform side written from
 * 1EdTech's specifications): Dynamic Registration, a launch walked as a browser walks it (login
 * initiation → the platform's authorization endpoint → the form-posted id token), and each check
 * a launch must pass, shown failing on its own.
 */

let t: TestApp;
let lms: TestLms;
let base: string;
let organizationId: string;
let assessmentId: string;
let tool: ToolRecord;
let deploymentId: string;
let adminHeaders: Record<string, string>;

const learner = (sub = `learner-${Math.random().toString(36).slice(2, 8)}`): LmsUser => ({
  sub,
  name: 'Ama Mensah',
  givenName: 'Ama',
  familyName: 'Mensah',
  roles: [ROLE.learner],
});

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // Cooldown 0: a token naming a kid the cached set lacks refetches the platform's set at once.
  t = await buildTestApp({ PUBLIC_URL: base }, { ltiKeySetCooldownMs: 0 });
  await t.app.listen({ port, host: '127.0.0.1' });
  lms = await startTestLms();
  const org = await makeOrganization(t.app);
  organizationId = org.id;
  adminHeaders = (await signInAs(t.app, 'Administrator', organizationId)).headers;
  const [assessment] = await t.app.db
    .insert(assessments)
    .values({
      organizationId,
      title: 'Cells',
      subject: 'Biology',
      difficulty: 'easy',
      generationType: 'manual',
      passMark: 50,
      totalMarks: 10,
      status: 'published',
    })
    .returning();
  assessmentId = assessment!.id;
});

afterAll(async () => {
  await lms?.close();
  await t?.close();
});

/** Walks a launch: initiation at the tool, the platform's authorization page, the form post back. */
async function launch(plan: Omit<LaunchPlan, 'clientId' | 'deploymentId'> & { deploymentId?: string }) {
  const browser = new TestBrowser();
  const { url } = lms.loginInitiation({ clientId: tool.clientId, deploymentId, ...plan });
  const authPage = await browser.go(url);
  expect(authPage.url.startsWith(lms.url), authPage.text).toBe(true);
  expect(authPage.status, authPage.text).toBe(200);
  const landed = await browser.submitForm(authPage);
  return { browser, authPage, landed };
}

const reasonOf = (html: string) => /Reason: ([a-z_]+)/.exec(html)?.[1];

describe('Dynamic Registration (LTI Dynamic Registration 1.0)', () => {
  it('registers the tool with the platform from one link and activates the registration', async () => {
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/organizations/${organizationId}/lti/registration-links`,
      headers: adminHeaders,
      payload: { name: 'Test LMS' },
    });
    expect(link.statusCode, link.body).toBe(201);
    const { url, registration } = link.json<{ url: string; registration: { id: string; status: string } }>();
    expect(registration.status).toBe('pending');

    const browser = new TestBrowser();
    const page = await browser.go(lms.dynamicRegistrationUrl(url));
    expect(page.status, page.text).toBe(200);
    expect(page.text).toContain('/api/lti/close.js');
    const script = await browser.go(`${base}/api/lti/close.js`);
    expect(script.text).toContain('org.imsglobal.lti.close');

    // What the platform received, in the specification's terms.
    const sent = lms.recorded.registrations.at(-1)!;
    expect(sent).toMatchObject({
      application_type: 'web',
      initiate_login_uri: `${base}/api/lti/login`,
      redirect_uris: [`${base}/api/lti/launch`],
      jwks_uri: `${base}/api/lti/jwks`,
      token_endpoint_auth_method: 'private_key_jwt',
    });
    tool = [...lms.tools.values()].at(-1)!;
    deploymentId = tool.deploymentIds[0]!;

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/organizations/${organizationId}/lti/registrations`,
      headers: adminHeaders,
    });
    const saved = list
      .json<{ registrations: Record<string, unknown>[] }>()
      .registrations.find((r) => r.id === registration.id);
    expect(saved).toMatchObject({
      status: 'active',
      issuer: lms.issuer,
      clientId: tool.clientId,
      deploymentIds: [deploymentId],
      jwksUrl: `${lms.url}/jwks`,
      authLoginUrl: `${lms.url}/authorize`,
      tokenUrl: `${lms.url}/token`,
      productFamily: 'vbuilder-test-lms',
    });

    // The link works once.
    const again = await new TestBrowser().go(lms.dynamicRegistrationUrl(url));
    expect(again.status).toBe(404);
    expect(again.text).toContain('lti_registration_link_invalid');
  });
});

describe('a launch (LTI Core 1.3, Security Framework 1.0)', () => {
  const target = () => `${base}/api/lti/launch?assessment=${assessmentId}`;

  it('signs a learner in as a Student of the organization and lands on the assessment', async () => {
    const user = learner();
    const { landed } = await launch({
      user,
      targetLinkUri: target(),
      resourceLink: { id: 'rl-1', title: 'Cells quiz' },
    });
    expect(landed.status, landed.text).toBe(303);
    const location = landed.headers.get('location')!;
    expect(location.startsWith(`${base}/lti/launch#code=`)).toBe(true);

    // The tool's request to the platform was the specification's.
    const auth = lms.recorded.authRequests.at(-1)!;
    expect(auth.error).toBeUndefined();
    expect(auth.params).toMatchObject({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: tool.clientId,
      redirect_uri: `${base}/api/lti/launch`,
      login_hint: user.sub,
    });

    const [link] = await t.app.db.select().from(ltiPlatformUsers).where(eq(ltiPlatformUsers.sub, user.sub));
    const [person] = await t.app.db.select().from(users).where(eq(users.id, link!.userId));
    expect(person).toMatchObject({ organizationId, role: 'Student', name: 'Ama Mensah', status: 'active' });

    const code = location.split('#code=')[1]!;
    const exchanged = await takeLaunchCode(t.app.db, code, new Date());
    expect(exchanged).toEqual({
      userId: person!.id,
      landing: `/account/user/${person!.id}/quiz/${assessmentId}`,
    });
    expect(await takeLaunchCode(t.app.db, code, new Date())).toBeNull();

    // The same person launching again is the same account.
    const second = await launch({ user, resourceLink: { id: 'rl-1' } });
    expect(second.landed.status).toBe(303);
    const links = await t.app.db.select().from(ltiPlatformUsers).where(eq(ltiPlatformUsers.sub, user.sub));
    expect(links).toHaveLength(1);
  });

  it("signs the person into vbuilder: the launch's one-time code finishes the provider's sign-in", async () => {
    const user = learner();
    const { landed } = await launch({ user, targetLinkUri: target(), resourceLink: { id: 'rl-3' } });
    const code = landed.headers.get('location')!.split('#code=')[1]!;
    const [link] = await t.app.db.select().from(ltiPlatformUsers).where(eq(ltiPlatformUsers.sub, user.sub));

    // What the SPA does at /lti/launch: its usual authorization request, then the code at /signin/:uid.
    const browser = new ProviderBrowser(t.app);
    const { verifier, challenge } = pkcePair();
    const uid = await startLogin(browser, challenge);
    const signIn = await browser.request({ method: 'POST', url: `/signin/${uid}/lti`, payload: { code } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().landing).toBe(`/account/user/${link!.userId}/quiz/${assessmentId}`);
    const tokens = await exchangeCode(
      browser,
      await followToCode(browser, signIn.json().redirectTo),
      verifier,
    );
    expect(tokens.statusCode, tokens.body).toBe(200);
    const accessToken = tokens.json<{ access_token: string }>().access_token;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(JSON.stringify(me.json())).toContain(link!.userId);

    // A code works once.
    const again = new ProviderBrowser(t.app);
    const uid2 = await startLogin(again, pkcePair().challenge);
    const reused = await again.request({ method: 'POST', url: `/signin/${uid2}/lti`, payload: { code } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('lti_launch_refused');
  });

  it('signs an instructor in as a Teacher and lands on the staff screen', async () => {
    const user: LmsUser = { sub: 'teacher-1', name: 'Kofi Boateng', roles: [ROLE.instructor] };
    const { landed } = await launch({ user, targetLinkUri: target(), resourceLink: { id: 'rl-2' } });
    expect(landed.status, landed.text).toBe(303);
    const code = landed.headers.get('location')!.split('#code=')[1]!;
    const exchanged = await takeLaunchCode(t.app.db, code, new Date());
    expect(exchanged!.landing).toBe(
      `/account/questions/${exchanged!.userId}/quiz/${assessmentId}/submissions`,
    );
    const [person] = await t.app.db.select().from(users).where(eq(users.id, exchanged!.userId));
    expect(person!.role).toBe('Teacher');
  });

  it('makes one account when a new person launches twice at once', async () => {
    const user = learner();
    const pages = await Promise.all(
      [1, 2].map(async () => {
        const browser = new TestBrowser();
        const { url } = lms.loginInitiation({
          clientId: tool.clientId,
          deploymentId,
          user,
          targetLinkUri: target(),
        });
        return { browser, page: await browser.go(url) };
      }),
    );
    const landed = await Promise.all(pages.map(({ browser, page }) => browser.submitForm(page)));
    expect(landed.map((l) => l.status)).toEqual([303, 303]);
    const links = await t.app.db.select().from(ltiPlatformUsers).where(eq(ltiPlatformUsers.sub, user.sub));
    expect(links).toHaveLength(1);
  });

  it('never matches an existing account by email', async () => {
    const { user: existing } = await signInAs(t.app, 'Teacher', organizationId);
    const user: LmsUser = { ...learner(), email: existing.email };
    const { landed } = await launch({ user, targetLinkUri: target() });
    expect(landed.status, landed.text).toBe(303);
    const [link] = await t.app.db.select().from(ltiPlatformUsers).where(eq(ltiPlatformUsers.sub, user.sub));
    expect(link!.userId).not.toBe(existing.id);
    const [person] = await t.app.db.select().from(users).where(eq(users.id, link!.userId));
    expect(person!.email).toMatch(/@lti\.invalid$/);
  });

  it('accepts an aud array whose azp is the client id, and refuses a wrong azp', async () => {
    const ok = await launch({
      user: learner(),
      targetLinkUri: target(),
      tamper: { aud: [tool.clientId, 'another-tool'] },
    });
    expect(ok.landed.status, ok.landed.text).toBe(303);
    const bad = await launch({
      user: learner(),
      targetLinkUri: target(),
      tamper: { aud: [tool.clientId, 'another-tool'], azp: 'another-tool' },
    });
    expect(bad.landed.status).toBe(401);
    expect(reasonOf(bad.landed.text)).toBe('azp_mismatch');
  });
});

describe('launches the tool refuses', () => {
  const refused = async (plan: Parameters<typeof launch>[0], reason: string) => {
    const before = await t.app.db.select({ id: users.id }).from(users);
    const codes = await t.app.db.select().from(ltiLaunchCodes);
    const { landed } = await launch(plan);
    expect(landed.status, landed.text).toBe(401);
    expect(reasonOf(landed.text)).toBe(reason);
    // Nobody created, no sign-in code handed out.
    expect(await t.app.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
    expect(await t.app.db.select().from(ltiLaunchCodes)).toHaveLength(codes.length);
  };

  it('a wrong audience', () =>
    refused({ user: learner(), tamper: { aud: 'someone-else' } }, 'audience_mismatch'));

  it('an unknown deployment', () =>
    refused({ user: learner(), tamper: { deploymentId: 'deployment-nobody-made' } }, 'deployment_unknown'));

  it('an expired token', () => refused({ user: learner(), tamper: { expiresIn: -120 } }, 'expired'));

  it('alg none', () => refused({ user: learner(), tamper: { signing: 'none' } }, 'unsigned'));

  it('another issuer in the token', () =>
    refused({ user: learner(), tamper: { iss: 'https://evil.example' } }, 'issuer_mismatch'));

  it('a target_link_uri other than the one its login initiation named', () =>
    refused(
      {
        user: learner(),
        tamper: { targetLinkUri: `${base}/api/lti/launch?assessment=00000000-0000-4000-8000-000000000000` },
      },
      'target_mismatch',
    ));

  it('a message version other than 1.3.0', () =>
    refused({ user: learner(), tamper: { version: '1.1' } }, 'version_unsupported'));

  it('a replayed form post, and a used nonce under a new state', async () => {
    const user = learner();
    const browser = new TestBrowser();
    const { url } = lms.loginInitiation({ clientId: tool.clientId, deploymentId, user });
    const authPage = await browser.go(url);
    const first = await browser.submitForm(authPage);
    expect(first.status).toBe(303);
    const replay = await browser.submitForm(authPage);
    expect(replay.status).toBe(401);
    expect(reasonOf(replay.text)).toBe('state_unknown');

    const usedNonce = String(lms.recorded.idTokens.at(-1)!.nonce);
    await refused({ user: learner(), tamper: { nonce: usedNonce } }, 'nonce_mismatch');
  });

  it('an unknown platform at login initiation', async () => {
    const browser = new TestBrowser();
    const page = await browser.go(
      `${base}/api/lti/login?iss=${encodeURIComponent('https://unknown.example')}&login_hint=x&target_link_uri=${encodeURIComponent(`${base}/api/lti/launch`)}`,
    );
    expect(page.status).toBe(401);
    expect(reasonOf(page.text)).toBe('registration_unknown');
  });

  it('a target that is not the tool', async () => {
    const browser = new TestBrowser();
    const page = await browser.go(
      `${base}/api/lti/login?iss=${encodeURIComponent(lms.issuer)}&client_id=${tool.clientId}&login_hint=x&target_link_uri=${encodeURIComponent('https://elsewhere.example/')}`,
    );
    expect(page.status).toBe(401);
    expect(reasonOf(page.text)).toBe('target_not_tool');
  });

  it('after the platform rotates its key: the new kid is accepted, then the withdrawn one refused', async () => {
    const { oldKid, newKid } = await lms.rotateKey();
    expect(oldKid).not.toBe(newKid);
    // The tool held the old set; a token naming the new kid makes it fetch the set again…
    const { landed } = await launch({ user: learner() });
    expect(landed.status, landed.text).toBe(303);
    // …which no longer holds the old key: a token signed with it is refused from now on.
    await refused({ user: learner(), tamper: { signing: 'retired' } }, 'key_unknown');
  });
});

describe('deep linking (Deep Linking 2.0)', () => {
  it('an instructor links an assessment: the platform verifies the signed response, with its line item', async () => {
    const user: LmsUser = { sub: 'teacher-dl', name: 'Kofi Boateng', roles: [ROLE.instructor] };
    const { landed } = await launch({ user, messageType: 'LtiDeepLinkingRequest' });
    expect(landed.status, landed.text).toBe(303);
    const code = landed.headers.get('location')!.split('#code=')[1]!;
    const taken = (await takeLaunchCode(t.app.db, code, new Date()))!;
    const sessionId = /^\/lti\/deep-link\/([0-9a-f-]{36})$/.exec(taken.landing)?.[1];
    expect(sessionId, taken.landing).toBeDefined();
    const [teacher] = await t.app.db.select().from(users).where(eq(users.id, taken.userId));
    const headers = bearer(await tokenFor(t.app, teacher!));

    // Nobody else reads or answers this request.
    const other = await signInAs(t.app, 'Teacher', organizationId);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/lti/deep-links/${sessionId}`, headers: other.headers }))
        .statusCode,
    ).toBe(404);

    const choices = await t.app.inject({ method: 'GET', url: `/api/lti/deep-links/${sessionId}`, headers });
    expect(choices.statusCode, choices.body).toBe(200);
    expect(choices.json().assessments).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: assessmentId })]),
    );

    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/lti/deep-links/${sessionId}/response`,
      headers,
      payload: { assessmentIds: [assessmentId] },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { returnUrl, jwt } = answer.json<{ returnUrl: string; jwt: string }>();
    expect(returnUrl).toBe(`${lms.url}/deep-link-return`);
    const posted = await new TestBrowser().request(returnUrl, { method: 'POST', form: { JWT: jwt } });
    expect(posted.status, posted.text).toBe(200);

    const received = lms.recorded.deepLinkResponses.at(-1)!;
    const settings = lms.recorded.idTokens.at(-1)![
      'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings'
    ] as {
      data: string;
    };
    expect(received['https://purl.imsglobal.org/spec/lti-dl/claim/data']).toBe(settings.data);
    expect(received['https://purl.imsglobal.org/spec/lti-dl/claim/content_items']).toEqual([
      {
        type: 'ltiResourceLink',
        title: 'Cells',
        url: `${base}/api/lti/launch?assessment=${assessmentId}`,
        custom: { assessment_id: assessmentId },
        lineItem: { scoreMaximum: 10, label: 'Cells', resourceId: assessmentId },
      },
    ]);

    // Answered once.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/lti/deep-links/${sessionId}/response`,
      headers,
      payload: { assessmentIds: [assessmentId] },
    });
    expect(again.statusCode).toBe(409);
  });

  it('a learner cannot deep link', async () => {
    const { landed } = await launch({ user: learner(), messageType: 'LtiDeepLinkingRequest' });
    expect(landed.status).toBe(401);
    expect(reasonOf(landed.text)).toBe('message_type_unsupported');
  });
});

describe("the tool's key set, as the platform uses it (Security Framework §4.1)", () => {
  const assertion = (key: CryptoKey, kid: string, overrides: Record<string, unknown> = {}) =>
    new SignJWT({ jti: crypto.randomUUID(), ...overrides })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(tool.clientId)
      .setSubject(tool.clientId)
      .setAudience(`${lms.url}/token`)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
  const tokenRequest = (clientAssertion: string) =>
    fetch(`${lms.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: clientAssertion,
        scope: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
      }),
    });

  it("grants a token for an assertion signed with the tool's published key, and refuses another key", async () => {
    const { key, kid } = await toolSigningKey(t.app.db);
    const granted = await tokenRequest(await assertion(key as CryptoKey, kid));
    expect(granted.status, await granted.clone().text()).toBe(200);
    expect(await granted.json()).toMatchObject({
      token_type: 'Bearer',
      scope: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
    });

    const { privateKey } = await generateKeyPair('RS256');
    const refused = await tokenRequest(await assertion(privateKey, kid));
    expect(refused.status).toBe(401);
  });
});
