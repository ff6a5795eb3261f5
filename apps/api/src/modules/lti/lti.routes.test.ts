import { afterAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { makeOrganization, signInAs } from '../../test/sign-in.ts';
import { mapLisRoles } from './lti.roles.ts';

const t = await buildTestApp();
afterAll(() => t.close());

const manual = {
  name: 'Moodle',
  issuer: 'https://moodle.school.example',
  clientId: 'abc123',
  deploymentIds: ['1'],
  jwksUrl: 'https://moodle.school.example/mod/lti/certs.php',
  authLoginUrl: 'https://moodle.school.example/mod/lti/auth.php',
  tokenUrl: 'https://moodle.school.example/mod/lti/token.php',
};

describe('manual registration (Administrators of the organization)', () => {
  it('creates, lists, updates and deletes; a second registration of the same platform is 409', async () => {
    const org = await makeOrganization(t.app);
    const { headers } = await signInAs(t.app, 'Administrator', org.id);
    const url = `/api/organizations/${org.id}/lti/registrations`;
    const created = await t.app.inject({ method: 'POST', url, headers, payload: manual });
    expect(created.statusCode, created.body).toBe(201);
    const registration = created.json<{ id: string }>();
    expect(created.json()).toMatchObject({ ...manual, status: 'active', organizationId: org.id });

    const duplicate = await t.app.inject({ method: 'POST', url, headers, payload: manual });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('lti_registration_exists');

    const list = await t.app.inject({ method: 'GET', url, headers });
    expect(list.json()).toMatchObject({
      tool: {
        loginUrl: 'http://localhost:3999/api/lti/login',
        launchUrl: 'http://localhost:3999/api/lti/launch',
        jwksUrl: 'http://localhost:3999/api/lti/jwks',
      },
      registrations: [{ id: registration.id }],
    });

    const updated = await t.app.inject({
      method: 'PATCH',
      url: `${url}/${registration.id}`,
      headers,
      payload: { status: 'disabled', deploymentIds: ['1', '2', '2'] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ status: 'disabled', deploymentIds: ['1', '2'] });

    const removed = await t.app.inject({ method: 'DELETE', url: `${url}/${registration.id}`, headers });
    expect(removed.statusCode).toBe(204);
    const audit = await t.app.db.select({ action: auditEvents.action }).from(auditEvents);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'lti.registration_created',
        'lti.registration_updated',
        'lti.registration_deleted',
      ]),
    );
  });

  it('refuses a Teacher (403) and another organization’s Administrator (404), and bad addresses (400)', async () => {
    const org = await makeOrganization(t.app);
    const other = await makeOrganization(t.app);
    const url = `/api/organizations/${org.id}/lti/registrations`;
    const teacher = await signInAs(t.app, 'Teacher', org.id);
    expect((await t.app.inject({ method: 'GET', url, headers: teacher.headers })).statusCode).toBe(403);
    const foreign = await signInAs(t.app, 'Administrator', other.id);
    expect((await t.app.inject({ method: 'GET', url, headers: foreign.headers })).statusCode).toBe(404);
    const admin = await signInAs(t.app, 'Administrator', org.id);
    const bad = await t.app.inject({
      method: 'POST',
      url,
      headers: admin.headers,
      payload: { ...manual, jwksUrl: 'javascript:alert(1)' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("the tool's key set", () => {
  it('is published, and a rotation (Super Administrator) adds a new signer while the old stays for its grace period', async () => {
    const first = (await t.app.inject({ method: 'GET', url: '/api/lti/jwks' })).json<{
      keys: { kid: string; d?: string }[];
    }>();
    expect(first.keys).toHaveLength(1);
    expect(first.keys[0]!.d).toBeUndefined();
    const admin = await signInAs(t.app, 'Administrator', (await makeOrganization(t.app)).id);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/lti/tool-keys/rotate', headers: admin.headers }))
        .statusCode,
    ).toBe(403);
    const superAdmin = await signInAs(t.app, 'Super Administrator', null);
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/lti/tool-keys/rotate',
      headers: superAdmin.headers,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: '/api/lti/jwks' })).json<{
      keys: { kid: string }[];
    }>();
    expect(after.keys.map((k) => k.kid)).toEqual([rotated.json().kid, first.keys[0]!.kid]);
  });
});

describe('LIS roles to vbuilder roles', () => {
  const lis = 'http://purl.imsglobal.org/vocab/lis/v2/';
  it.each([
    [[`${lis}membership#Learner`], 'Student'],
    [[`${lis}membership#Instructor`], 'Teacher'],
    [[`${lis}membership#ContentDeveloper`], 'Teacher'],
    [[`${lis}membership/Instructor#TeachingAssistant`], 'Teacher'],
    [[`${lis}membership#Administrator`], 'Teacher'],
    [[`${lis}institution/person#Administrator`, `${lis}membership#Learner`], 'Administrator'],
    [[`${lis}system/person#Administrator`], 'Administrator'],
    [['Instructor'], 'Teacher'],
    [[`${lis}membership#Mentor`], 'Student'],
    [[], 'Student'],
  ])('%j → %s', (roles, role) => {
    expect(mapLisRoles(roles)).toBe(role);
  });
});
