import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserListSchema, UserSummarySchema, type Role } from '@vbuilder/shared';
import { accountTokens, type UserRow } from '../../db/schema/index.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, makeOrganization, makeUser, tokenFor } from '../../test/sign-in.ts';
import { auditOf, invitationToken, mailsTo, nextAddress } from './test-helpers.ts';
import { findUserById, updateUser } from './users.repository.ts';

type Headers = Record<string, string>;

describe('users routes', () => {
  let t: TestApp;
  let orgA: { id: string; name: string };
  let orgB: { id: string; name: string };
  /** One signed-in member of each role in organization A, a Super Administrator and a foreign Administrator. */
  const as = {} as Record<
    'super' | 'admin' | 'legacy' | 'teacher' | 'student' | 'foreign',
    { user: UserRow; headers: Headers }
  >;
  let n = 0;
  const email = (prefix = 'person') => `${prefix}${++n}@example.test`;

  const signed = async (role: Role, organizationId: string | null, overrides = {}) => {
    const user = await makeUser(t.app, role, organizationId, overrides);
    return { user, headers: bearer(await tokenFor(t.app, user)) };
  };

  const get = (url: string, headers?: Headers) => t.app.inject({ method: 'GET', url: `/api${url}`, headers });
  const post = (url: string, payload: object, headers?: Headers) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers });
  const patch = (id: string, payload: object, headers?: Headers) =>
    t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, payload, headers });
  const del = (id: string, headers?: Headers) =>
    t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers });

  beforeAll(async () => {
    t = await buildTestApp();
    orgA = await makeOrganization(t.app, 'Alpha School');
    orgB = await makeOrganization(t.app, 'Beta College');
    as.super = await signed('Super Administrator', null);
    as.admin = await signed('Administrator', orgA.id);
    as.legacy = await signed('user', orgA.id);
    as.teacher = await signed('Teacher', orgA.id);
    as.student = await signed('Student', orgA.id);
    as.foreign = await signed('Administrator', orgB.id);
  });
  afterAll(() => t.close());

  describe('GET /api/users', () => {
    it('needs a token', async () => {
      const res = await get('/users');
      expect(res.statusCode).toBe(401);
    });

    it('refuses a Student with the historical members message', async () => {
      const res = await get('/users', as.student.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'members_forbidden',
        message: "Unauthorized to view organization's members",
      });
    });

    it.each(['admin', 'legacy', 'teacher'] as const)(
      'shows a %s only their own organization',
      async (who) => {
        const res = await get('/users?pageSize=100', as[who].headers);
        expect(res.statusCode).toBe(200);
        const list = UserListSchema.parse(res.json());
        expect(list.items.length).toBeGreaterThanOrEqual(4);
        expect(
          list.items.every((u) => u.organizationId === orgA.id && u.organizationName === 'Alpha School'),
        ).toBe(true);
        expect(list.items.map((u) => u.id)).not.toContain(as.foreign.user.id);
        expect(list.items.map((u) => u.id)).not.toContain(as.super.user.id);
      },
    );

    it('answers 404 to a member naming another organization, and accepts their own', async () => {
      expect((await get(`/users?organizationId=${orgB.id}`, as.admin.headers)).statusCode).toBe(404);
      expect((await get(`/users?organizationId=${orgB.id}`, as.teacher.headers)).statusCode).toBe(404);
      const own = await get(`/users?organizationId=${orgA.id}`, as.admin.headers);
      expect(own.statusCode).toBe(200);
    });

    it('shows the Super Administrator everyone, or one organization', async () => {
      const all = UserListSchema.parse((await get('/users?pageSize=100', as.super.headers)).json());
      const ids = all.items.map((u) => u.id);
      expect(ids).toEqual(expect.arrayContaining([as.super.user.id, as.foreign.user.id, as.student.user.id]));
      const superRow = all.items.find((u) => u.id === as.super.user.id)!;
      expect(superRow).toMatchObject({
        organizationId: null,
        organizationName: null,
        role: 'Super Administrator',
      });

      const onlyB = UserListSchema.parse(
        (await get(`/users?organizationId=${orgB.id}`, as.super.headers)).json(),
      );
      expect(onlyB.items.map((u) => u.id)).toEqual([as.foreign.user.id]);
      expect(onlyB.items[0]!.organizationName).toBe('Beta College');

      const missing = await get(`/users?organizationId=${crypto.randomUUID()}`, as.super.headers);
      expect(missing.statusCode).toBe(404);
    });

    it('validates the query', async () => {
      for (const query of [
        'sort=password',
        'pageSize=101',
        'page=0',
        'role=Owner',
        'status=gone',
        'order=up',
      ]) {
        const res = await get(`/users?${query}`, as.admin.headers);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().code).toBe('validation_error');
      }
    });

    describe('search, filters, sort and pages', () => {
      let org: { id: string };
      let headers: Headers;
      let people: UserRow[];

      beforeAll(async () => {
        org = await makeOrganization(t.app, 'List School');
        const admin = await signed('Administrator', org.id, { name: 'Zoe Admin', email: 'zoe@list.test' });
        headers = admin.headers;
        people = [admin.user];
        const specs: [string, string, Role, string, string | null][] = [
          ['Amina Juma', 'amina@list.test', 'Student', 'active', '2026-01-03T00:00:00Z'],
          ['bakari Ali', 'bakari@list.test', 'Student', 'inactive', null],
          ['Chausiku 50% Mwita', 'chausiku@list.test', 'Teacher', 'active', '2026-01-01T00:00:00Z'],
          ['Dora Legacy', 'dora@list.test', 'user', 'active', null],
          ['Same Name', 'same1@list.test', 'Student', 'pending', null],
          ['Same Name', 'same2@list.test', 'Student', 'pending', null],
          ['Same Name', 'same3@list.test', 'Student', 'pending', '2026-01-02T00:00:00Z'],
        ];
        for (const [name, mail, role, status, lastLogin] of specs) {
          people.push(
            await makeUser(t.app, role, org.id, {
              name,
              email: mail,
              status,
              lastLoginAt: lastLogin ? new Date(lastLogin) : null,
            }),
          );
        }
      });

      const list = async (query: string) => {
        const res = await get(`/users?${query}`, headers);
        expect(res.statusCode, res.body).toBe(200);
        return UserListSchema.parse(res.json());
      };
      const names = async (query: string) => (await list(query)).items.map((u) => u.name);

      it('searches name and email without case, and takes % literally', async () => {
        expect(await names('search=AMINA')).toEqual(['Amina Juma']);
        expect(await names('search=bakari%40list')).toEqual(['bakari Ali']);
        expect(await names('search=50%25')).toEqual(['Chausiku 50% Mwita']);
        expect(await names('search=%25')).toEqual(['Chausiku 50% Mwita']);
        expect(await names('search=_')).toEqual([]);
        expect(await names('search=nobody')).toEqual([]);
      });

      it('filters by role (Administrator includes the legacy user role) and status', async () => {
        expect(await names('role=Administrator&sort=name')).toEqual(['Dora Legacy', 'Zoe Admin']);
        expect(await names('role=user')).toEqual(['Dora Legacy']);
        expect(await names('role=Teacher')).toEqual(['Chausiku 50% Mwita']);
        expect(await names('status=inactive')).toEqual(['bakari Ali']);
        expect((await list('status=pending&role=Student')).total).toBe(3);
      });

      it('sorts on the server, case-insensitively by name, either way', async () => {
        expect(await names('sort=name&pageSize=3')).toEqual([
          'Amina Juma',
          'bakari Ali',
          'Chausiku 50% Mwita',
        ]);
        expect((await names('sort=name&order=desc'))[0]).toBe('Zoe Admin');
        expect((await list('sort=email')).items.map((u) => u.email).slice(0, 2)).toEqual([
          'amina@list.test',
          'bakari@list.test',
        ]);
        expect((await list('sort=status&order=desc')).items[0]!.status).toBe('pending');
      });

      it('puts never-logged-in users last, whichever the order', async () => {
        const asc = await list('sort=lastLoginAt&order=asc');
        expect(asc.items.slice(0, 3).map((u) => u.name)).toEqual([
          'Chausiku 50% Mwita',
          'Same Name',
          'Amina Juma',
        ]);
        expect(asc.items.at(-1)!.lastLoginAt).toBeNull();
        const desc = await list('sort=lastLoginAt&order=desc');
        expect(desc.items.slice(0, 3).map((u) => u.name)).toEqual([
          'Amina Juma',
          'Same Name',
          'Chausiku 50% Mwita',
        ]);
        expect(desc.items.at(-1)!.lastLoginAt).toBeNull();
      });

      it('pages without overlap, ties broken by id', async () => {
        const all = await list('sort=name&pageSize=100');
        expect(all.total).toBe(people.length);
        const seen: string[] = [];
        for (let page = 1; page <= 3; page++) {
          const res = await list(`sort=name&pageSize=3&page=${page}`);
          expect(res).toMatchObject({ total: people.length, page, pageSize: 3 });
          seen.push(...res.items.map((u) => u.id));
        }
        expect(seen).toEqual(all.items.map((u) => u.id));
        const same = all.items.filter((u) => u.name === 'Same Name').map((u) => u.id);
        expect(same).toEqual([...same].sort());
        const beyond = await list('page=9&pageSize=3');
        expect(beyond.items).toEqual([]);
        expect(beyond.total).toBe(people.length);
      });
    });
  });

  describe('GET /api/users/:id', () => {
    it('shows a member of the same organization with its organization name', async () => {
      for (const who of ['admin', 'legacy', 'teacher', 'super'] as const) {
        const res = await get(`/users/${as.student.user.id}`, as[who].headers);
        expect(res.statusCode, who).toBe(200);
        expect(UserSummarySchema.parse(res.json())).toMatchObject({
          id: as.student.user.id,
          email: as.student.user.email,
          role: 'Student',
          status: 'active',
          organizationId: orgA.id,
          organizationName: 'Alpha School',
          lastLoginAt: null,
        });
      }
    });

    it('answers 404 for foreign, missing and Super Administrator ids; 400 for a malformed one', async () => {
      expect((await get(`/users/${as.foreign.user.id}`, as.admin.headers)).statusCode).toBe(404);
      expect((await get(`/users/${as.admin.user.id}`, as.foreign.headers)).statusCode).toBe(404);
      expect((await get(`/users/${crypto.randomUUID()}`, as.super.headers)).statusCode).toBe(404);
      expect((await get(`/users/${as.super.user.id}`, as.admin.headers)).statusCode).toBe(404);
      expect((await get('/users/not-a-uuid', as.admin.headers)).statusCode).toBe(400);
    });

    it('refuses a Student', async () => {
      const res = await get(`/users/${as.teacher.user.id}`, as.student.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('members_forbidden');
    });
  });

  describe('POST /api/users', () => {
    it('creates a pending invited account, audits it, and mails a link that activates it', async () => {
      const address = email('invitee');
      const before = Date.now();
      const res = await post(
        '/users',
        { name: '  Neema Kweka ', email: address.toUpperCase(), phone: '+255 700 111 222', role: 'Teacher' },
        as.admin.headers,
      );
      expect(res.statusCode, res.body).toBe(201);
      const created = UserSummarySchema.parse(res.json());
      expect(created).toMatchObject({
        name: 'Neema Kweka',
        email: address,
        phone: '+255 700 111 222',
        role: 'Teacher',
        status: 'pending',
        organizationId: orgA.id,
        organizationName: 'Alpha School',
        lastLoginAt: null,
      });
      const row = (await findUserById(t.app.db, created.id))!;
      expect(row).toMatchObject({ mustChangePassword: true, passwordHash: null, status: 'pending' });

      const audit = await auditOf(t.app, created.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'user.invited',
        actorId: as.admin.user.id,
        actorRole: 'Administrator',
        organizationId: orgA.id,
        targetType: 'user',
        details: { email: address, role: 'Teacher' },
      });
      expect(audit[0]!.at.getTime()).toBeGreaterThanOrEqual(before - 1000);

      const mails = await mailsTo(t.app, address);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('You are invited to join Alpha School on vbuilder');
      expect(mails[0]!.text).toContain(as.admin.user.name);
      expect(mails[0]!.text).toContain('with the role Teacher');
      const token = invitationToken(mails[0]!.text);
      expect(token).not.toBeNull();
      expect(mails[0]!.html).toContain('&amp;invite=1');

      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/reset-password',
        payload: { token, password: 'my first password' },
        remoteAddress: nextAddress(),
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const activated = (await findUserById(t.app.db, created.id))!;
      expect(activated).toMatchObject({ status: 'active', mustChangePassword: false });
      expect(await verifyPassword('my first password', activated.passwordHash)).toBe(true);
      // The link works once.
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/reset-password',
        payload: { token, password: 'another password!' },
        remoteAddress: nextAddress(),
      });
      expect(again.json().code).toBe('invalid_token');
    });

    it('lets Administrators (and the legacy user role) add any role but Super Administrator', async () => {
      for (const [who, role] of [
        ['admin', 'Administrator'],
        ['admin', 'Student'],
        ['legacy', 'Administrator'],
        ['legacy', 'user'],
        ['legacy', 'Teacher'],
      ] as const) {
        const res = await post('/users', { name: 'New Person', email: email(), role }, as[who].headers);
        expect(res.statusCode, `${who} → ${role}`).toBe(201);
        expect(res.json()).toMatchObject({ role, organizationId: orgA.id });
      }
      for (const who of ['admin', 'legacy'] as const) {
        const res = await post(
          '/users',
          { name: 'Wannabe', email: email(), role: 'Super Administrator' },
          as[who].headers,
        );
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('role_not_allowed');
      }
    });

    it('adds into the own organization only: another organization id answers 404', async () => {
      const res = await post(
        '/users',
        { name: 'Sneaky', email: email(), role: 'Student', organizationId: orgB.id },
        as.admin.headers,
      );
      expect(res.statusCode).toBe(404);
      const own = await post(
        '/users',
        { name: 'Fine', email: email(), role: 'Student', organizationId: orgA.id },
        as.admin.headers,
      );
      expect(own.statusCode).toBe(201);
    });

    it('lets a Teacher add Students only, and a Student nobody', async () => {
      const ok = await post('/users', { name: 'Pupil', email: email(), role: 'Student' }, as.teacher.headers);
      expect(ok.statusCode).toBe(201);
      for (const role of ['Teacher', 'Administrator', 'user', 'Super Administrator']) {
        const res = await post('/users', { name: 'Nope', email: email(), role }, as.teacher.headers);
        expect(res.statusCode, role).toBe(403);
        expect(res.json().code).toBe('role_not_allowed');
      }
      const student = await post(
        '/users',
        { name: 'Nope', email: email(), role: 'Student' },
        as.student.headers,
      );
      expect(student.statusCode).toBe(403);
      expect(student.json().code).toBe('forbidden');
    });

    it('makes the Super Administrator name the organization for every other role', async () => {
      const missing = await post(
        '/users',
        { name: 'No Org', email: email(), role: 'Teacher' },
        as.super.headers,
      );
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        code: 'validation_error',
        details: [{ path: ['organizationId'], message: 'validation.organizationRequired' }],
      });
      const unknown = await post(
        '/users',
        { name: 'No Org', email: email(), role: 'Teacher', organizationId: crypto.randomUUID() },
        as.super.headers,
      );
      expect(unknown.statusCode).toBe(404);

      const teacher = await post(
        '/users',
        { name: 'Beta Teacher', email: email(), role: 'Teacher', organizationId: orgB.id },
        as.super.headers,
      );
      expect(teacher.statusCode).toBe(201);
      expect(teacher.json()).toMatchObject({ organizationId: orgB.id, organizationName: 'Beta College' });

      const platform = await post(
        '/users',
        { name: 'Second Super', email: email(), role: 'Super Administrator' },
        as.super.headers,
      );
      expect(platform.statusCode).toBe(201);
      expect(platform.json()).toMatchObject({ organizationId: null, role: 'Super Administrator' });
      const mail = (await mailsTo(t.app, platform.json().email))[0]!;
      expect(mail.subject).toBe('You are invited to vbuilder');

      const withOrg = await post(
        '/users',
        { name: 'Second Super', email: email(), role: 'Super Administrator', organizationId: orgA.id },
        as.super.headers,
      );
      expect(withOrg.statusCode).toBe(400);
      expect(withOrg.json().details).toEqual([
        { path: ['organizationId'], message: 'validation.superAdministratorWithoutOrganization' },
      ]);
    });

    it('answers 409 email_taken for an existing email, whatever its case, and mails nobody', async () => {
      const res = await post(
        '/users',
        { name: 'Copy', email: as.foreign.user.email.toUpperCase(), role: 'Student' },
        as.admin.headers,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('email_taken');
      expect(await mailsTo(t.app, as.foreign.user.email)).toHaveLength(0);
    });

    it('validates the body with translatable messages', async () => {
      const res = await post(
        '/users',
        { name: '   ', email: 'not-an-email', phone: 'call me', role: 'Owner' },
        as.admin.headers,
      );
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe('validation_error');
      const byField = Object.fromEntries(
        (body.details as { path: string[]; message: string }[]).map((d) => [d.path[0], d.message]),
      );
      expect(byField).toMatchObject({
        name: 'validation.nameRequired',
        email: 'validation.emailInvalid',
        phone: 'validation.phoneInvalid',
      });
      expect(byField.role).toEqual(expect.any(String));
    });
  });

  describe('PATCH /api/users/:id', () => {
    const newMember = (role: Role = 'Student', overrides = {}) => makeUser(t.app, role, orgA.id, overrides);

    it('changes a role and audits it', async () => {
      const teacher = await newMember('Teacher');
      const res = await patch(teacher.id, { role: 'Student' }, as.admin.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: teacher.id, role: 'Student', organizationName: 'Alpha School' });
      const audit = await auditOf(t.app, teacher.id);
      expect(audit.map((a) => a.action)).toEqual(['user.role_changed']);
      expect(audit[0]).toMatchObject({
        actorId: as.admin.user.id,
        organizationId: orgA.id,
        details: { from: 'Teacher', to: 'Student' },
      });
    });

    it('deactivates (the account stops at once) and reactivates, each audited', async () => {
      const student = await newMember('Student');
      const studentHeaders = bearer(await tokenFor(t.app, student));
      expect((await get('/auth/profile', studentHeaders)).statusCode).toBe(200);

      const off = await patch(student.id, { status: 'inactive' }, as.legacy.headers);
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().status).toBe('inactive');
      expect((await get('/auth/profile', studentHeaders)).statusCode).toBe(401);

      const on = await patch(student.id, { status: 'active' }, as.admin.headers);
      expect(on.statusCode).toBe(200);
      expect(on.json().status).toBe('active');
      expect((await get('/auth/profile', studentHeaders)).statusCode).toBe(200);

      const audit = await auditOf(t.app, student.id);
      expect(audit.map((a) => [a.action, a.actorId])).toEqual([
        ['user.deactivated', as.legacy.user.id],
        ['user.reactivated', as.admin.user.id],
      ]);
      expect(audit[1]!.details).toEqual({ to: 'active' });
    });

    it('puts an account deactivated before accepting its invitation back to pending', async () => {
      const invited = await newMember('Student', { status: 'pending', mustChangePassword: true });
      expect((await patch(invited.id, { status: 'inactive' }, as.admin.headers)).json().status).toBe(
        'inactive',
      );
      expect((await patch(invited.id, { status: 'active' }, as.admin.headers)).json().status).toBe('pending');
      // 'active' for an account that is merely pending changes nothing: only the link activates it.
      expect((await patch(invited.id, { status: 'active' }, as.admin.headers)).json().status).toBe('pending');
    });

    it('edits name and phone, audited as user.updated; a blank phone is removed', async () => {
      const student = await newMember('Student', { phone: '+1 555 0100' });
      const res = await patch(student.id, { name: ' Renamed Person ', phone: '' }, as.admin.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Renamed Person', phone: null });
      const audit = await auditOf(t.app, student.id);
      expect(audit.map((a) => a.action)).toEqual(['user.updated']);
      expect(audit[0]!.details).toEqual({ fields: ['name', 'phone'] });
      // Sending the current values changes nothing and records nothing.
      expect(
        (await patch(student.id, { name: 'Renamed Person', status: 'active' }, as.admin.headers)).statusCode,
      ).toBe(200);
      expect(await auditOf(t.app, student.id)).toHaveLength(1);
    });

    it('refuses anyone changing their own role or status, but lets them edit their name', async () => {
      for (const who of ['admin', 'legacy', 'super'] as const) {
        const { user, headers } = as[who];
        const otherRole = who === 'super' ? 'Administrator' : 'Teacher';
        for (const body of [{ role: otherRole }, { status: 'inactive' }]) {
          const res = await patch(user.id, body, headers);
          expect(res.statusCode, `${who} ${JSON.stringify(body)}`).toBe(403);
          expect(res.json().code).toBe('cannot_change_self');
        }
        const rename = await patch(user.id, { name: `${user.name} Renamed`, role: user.role }, headers);
        expect(rename.statusCode).toBe(200);
      }
      expect((await findUserById(t.app.db, as.admin.user.id))!.status).toBe('active');
    });

    it('keeps the last active Administrator of an organization', async () => {
      const org = await makeOrganization(t.app, 'Solo School');
      const solo = await makeUser(t.app, 'Administrator', org.id);
      // Neither a pending nor a deactivated administrator counts as another one.
      await makeUser(t.app, 'Administrator', org.id, { status: 'pending' });
      await makeUser(t.app, 'user', org.id, { status: 'inactive' });
      for (const body of [{ role: 'Teacher' }, { status: 'inactive' }]) {
        const res = await patch(solo.id, body, as.super.headers);
        expect(res.statusCode, JSON.stringify(body)).toBe(409);
        expect(res.json().code).toBe('last_administrator');
      }
      const deleted = await del(solo.id, as.super.headers);
      expect(deleted.statusCode).toBe(409);
      expect(deleted.json().code).toBe('last_administrator');
      expect(await findUserById(t.app.db, solo.id)).toMatchObject({
        role: 'Administrator',
        status: 'active',
      });
      expect(await auditOf(t.app, solo.id)).toHaveLength(0);

      // Switching between the two administrator roles is no demotion.
      expect((await patch(solo.id, { role: 'user' }, as.super.headers)).statusCode).toBe(200);

      // With a second active administrator (the legacy role counts), the first may go.
      const second = await makeUser(t.app, 'Administrator', org.id);
      await updateUser(t.app.db, second.id, { role: 'user' });
      expect((await patch(solo.id, { status: 'inactive' }, as.super.headers)).statusCode).toBe(200);
      const last = await patch(second.id, { role: 'Student' }, as.super.headers);
      expect(last.json().code).toBe('last_administrator');
    });

    it('lets only one of two simultaneous removals of the last two administrators through', async () => {
      const org = await makeOrganization(t.app, 'Race School');
      const a = await makeUser(t.app, 'Administrator', org.id);
      const b = await makeUser(t.app, 'Administrator', org.id);
      const results = await Promise.all([
        patch(a.id, { status: 'inactive' }, as.super.headers),
        del(b.id, as.super.headers),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([
        results.some((r) => r.statusCode === 204) ? 204 : 200,
        409,
      ]);
      const remaining = await t.app.inject({
        method: 'GET',
        url: `/api/users?organizationId=${org.id}&status=active`,
        headers: as.super.headers,
      });
      expect(remaining.json().total).toBe(1);
    });

    it('keeps Super Administrators out of an Administrator’s reach and role', async () => {
      for (const res of [
        await patch(as.super.user.id, { status: 'inactive' }, as.admin.headers),
        await patch(as.super.user.id, { name: 'Hacked' }, as.legacy.headers),
        await del(as.super.user.id, as.admin.headers),
      ]) {
        expect(res.statusCode).toBe(404);
      }
      const student = await newMember('Student');
      const promote = await patch(student.id, { role: 'Super Administrator' }, as.admin.headers);
      expect(promote.statusCode).toBe(403);
      expect(promote.json().code).toBe('role_not_allowed');
    });

    it('refuses moving an account across the platform/organization line', async () => {
      const teacher = await newMember('Teacher');
      const up = await patch(teacher.id, { role: 'Super Administrator' }, as.super.headers);
      expect(up.statusCode).toBe(400);
      expect(up.json().code).toBe('role_change_not_allowed');
      const otherSuper = await makeUser(t.app, 'Super Administrator', null);
      const down = await patch(otherSuper.id, { role: 'Administrator' }, as.super.headers);
      expect(down.json().code).toBe('role_change_not_allowed');
      // But the Super Administrator may deactivate another Super Administrator.
      expect((await patch(otherSuper.id, { status: 'inactive' }, as.super.headers)).statusCode).toBe(200);
    });

    it('lets the Super Administrator manage any organization', async () => {
      const beta = await makeUser(t.app, 'Teacher', orgB.id);
      const res = await patch(
        beta.id,
        { role: 'Administrator', phone: '+44 20 7946 0000' },
        as.super.headers,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ role: 'Administrator', phone: '+44 20 7946 0000' });
      expect((await auditOf(t.app, beta.id)).map((a) => [a.action, a.actorRole, a.organizationId])).toEqual([
        ['user.role_changed', 'Super Administrator', orgB.id],
        ['user.updated', 'Super Administrator', orgB.id],
      ]);
    });

    it('refuses Teachers and Students, and answers 404 for foreign or missing ids', async () => {
      const student = await newMember('Student');
      for (const who of ['teacher', 'student'] as const) {
        const res = await patch(student.id, { name: 'Changed' }, as[who].headers);
        expect(res.statusCode, who).toBe(403);
        expect((await del(student.id, as[who].headers)).statusCode).toBe(403);
      }
      expect((await patch(student.id, { status: 'inactive' }, as.foreign.headers)).statusCode).toBe(404);
      expect((await patch(crypto.randomUUID(), { name: 'X' }, as.admin.headers)).statusCode).toBe(404);
      expect((await findUserById(t.app.db, student.id))!.status).toBe('active');
    });

    it('validates the body', async () => {
      const student = await newMember('Student');
      const empty = await patch(student.id, {}, as.admin.headers);
      expect(empty.statusCode).toBe(400);
      expect(JSON.stringify(empty.json().details)).toContain('validation.nothingToChange');
      for (const body of [{ status: 'pending' }, { role: 'Owner' }, { name: '' }, { phone: 'abc' }]) {
        const res = await patch(student.id, body, as.admin.headers);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
    });
  });

  describe('DELETE /api/users/:id', () => {
    it('deletes a member with their links, ends their access, and keeps the audit trail', async () => {
      const created = await post(
        '/users',
        { name: 'Short Stay', email: email(), role: 'Student' },
        as.admin.headers,
      );
      const id = created.json().id as string;
      const row = (await findUserById(t.app.db, id))!;
      await updateUser(t.app.db, id, { status: 'active' });
      const headers = bearer(await tokenFor(t.app, row));
      expect((await get('/auth/profile', headers)).statusCode).toBe(200);
      expect(await t.app.db.select().from(accountTokens).where(eq(accountTokens.userId, id))).toHaveLength(1);

      const res = await del(id, as.admin.headers);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(await findUserById(t.app.db, id)).toBeNull();
      expect(await t.app.db.select().from(accountTokens).where(eq(accountTokens.userId, id))).toHaveLength(0);
      expect((await get('/auth/profile', headers)).statusCode).toBe(401);
      expect((await get(`/users/${id}`, as.admin.headers)).statusCode).toBe(404);
      expect((await del(id, as.admin.headers)).statusCode).toBe(404);

      const audit = await auditOf(t.app, id);
      expect(audit.map((a) => a.action)).toEqual(['user.invited', 'user.deleted']);
      expect(audit[1]).toMatchObject({
        actorId: as.admin.user.id,
        organizationId: orgA.id,
        details: { email: row.email, name: 'Short Stay', role: 'Student' },
      });
    });

    it('refuses deleting oneself', async () => {
      for (const who of ['admin', 'legacy', 'super'] as const) {
        const res = await del(as[who].user.id, as[who].headers);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('cannot_change_self');
      }
    });

    it('answers 404 across organizations and lets the Super Administrator delete anywhere', async () => {
      const beta = await makeUser(t.app, 'Student', orgB.id);
      expect((await del(beta.id, as.admin.headers)).statusCode).toBe(404);
      expect((await del(beta.id, as.super.headers)).statusCode).toBe(204);
    });
  });
});
