import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OrganizationDetailSchema,
  OrganizationListSchema,
  UserListSchema,
  type Role,
} from '@vbuilder/shared';
import { auditEvents, mailOutbox, organizations } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { makeOrganization, makeUser, signInAs } from '../../test/sign-in.ts';
import { findUserByEmail } from '../users/users.repository.ts';
import { insertOrganization } from './organizations.repository.ts';

type Headers = Record<string, string>;

describe('organizations API', () => {
  let t: TestApp;
  let n = 0;
  const unique = () => `${Date.now().toString(36)}${++n}`;

  let orgA: string;
  let orgB: string;
  const as: Partial<Record<Role, Headers>> = {};
  const headersOf = (role: Role) => as[role]!;
  let foreignAdmin: Headers;

  const request = (method: 'GET' | 'POST' | 'PATCH', url: string, headers?: Headers, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

  const auditOf = (targetId: string) =>
    t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, targetId))
      .orderBy(asc(auditEvents.at));

  beforeAll(async () => {
    t = await buildTestApp();
    orgA = (await makeOrganization(t.app, 'Alpha Academy')).id;
    orgB = (await makeOrganization(t.app, 'Beta Business School')).id;
    as['Super Administrator'] = (await signInAs(t.app, 'Super Administrator', null)).headers;
    for (const role of ['Administrator', 'user', 'Teacher', 'Student'] as Role[]) {
      as[role] = (await signInAs(t.app, role, orgA)).headers;
    }
    foreignAdmin = (await signInAs(t.app, 'Administrator', orgB)).headers;
  });
  afterAll(() => t.close());

  describe('GET /organizations', () => {
    it('answers the Super Administrator a page of organizations with their user counts', async () => {
      const res = await request(
        'GET',
        '/organizations?search=alpha academy',
        headersOf('Super Administrator'),
      );
      expect(res.statusCode).toBe(200);
      const body = OrganizationListSchema.parse(res.json());
      expect(body).toMatchObject({ total: 1, page: 1, pageSize: 20 });
      // 4 members signed in by beforeAll.
      expect(body.items[0]).toMatchObject({ id: orgA, name: 'Alpha Academy', userCount: 4, type: 'school' });
    });

    it.each(['Administrator', 'user', 'Teacher', 'Student'] as Role[])(
      'refuses a %s with 403',
      async (role) => {
        const res = await request('GET', '/organizations', headersOf(role));
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('forbidden');
      },
    );

    it('refuses a caller without a token with 401', async () => {
      expect((await request('GET', '/organizations')).statusCode).toBe(401);
    });

    describe('search, sort and pagination on the server', () => {
      const tag = `zq${unique()}`;
      const ids: Record<string, string> = {};

      beforeAll(async () => {
        // Names in non-alphabetical insert order; two share a name so id must break the tie;
        // created a day apart so createdAt sorts differently from name.
        const specs = [
          { key: 'charlie', name: `${tag} Charlie`, users: 0, day: 1 },
          { key: 'alpha', name: `${tag} alpha`, users: 2, day: 3 },
          { key: 'bravo1', name: `${tag} Bravo`, users: 3, day: 2 },
          { key: 'bravo2', name: `${tag} Bravo`, users: 1, day: 4 },
        ];
        for (const s of specs) {
          const at = new Date(Date.UTC(2024, 0, s.day));
          const row = await insertOrganization(t.app.db, {
            name: s.name,
            type: 'school',
            email: `${s.key}@${tag}.example`,
            createdAt: at,
            updatedAt: at,
          });
          ids[s.key] = row.id;
          for (let i = 0; i < s.users; i++) await makeUser(t.app, 'Student', row.id);
        }
        await insertOrganization(t.app.db, { name: `Percent 100%_${tag}`, type: 'school', email: null });
      });

      const list = async (query: string) => {
        const res = await request(
          'GET',
          `/organizations?search=${tag}&${query}`,
          headersOf('Super Administrator'),
        );
        expect(res.statusCode).toBe(200);
        return OrganizationListSchema.parse(res.json());
      };
      const bravos = () => [ids.bravo1!, ids.bravo2!].sort();

      // The "Percent…" organization matches the search too; these checks look at the tagged four.
      const tagged = (page: { items: { id: string }[] }) =>
        page.items.map((o) => o.id).filter((id) => Object.values(ids).includes(id));

      it('sorts by name case-insensitively, ties broken by id, in both directions', async () => {
        expect(tagged(await list('sort=name&order=asc'))).toEqual([ids.alpha, ...bravos(), ids.charlie]);
        expect(tagged(await list('sort=name&order=desc'))).toEqual([ids.charlie, ...bravos(), ids.alpha]);
      });

      it('sorts by user count and by creation date', async () => {
        const byCount = await list('sort=userCount&order=desc');
        expect(tagged(byCount)).toEqual([ids.bravo1, ids.alpha, ids.bravo2, ids.charlie]);
        expect(byCount.items.slice(0, 3).map((o) => o.userCount)).toEqual([3, 2, 1]);
        expect(tagged(await list('sort=createdAt&order=asc'))).toEqual([
          ids.charlie,
          ids.bravo1,
          ids.alpha,
          ids.bravo2,
        ]);
      });

      it('paginates with a total, each row on exactly one page', async () => {
        const first = await list('sort=name&pageSize=2&page=1');
        const second = await list('sort=name&pageSize=2&page=2');
        const third = await list('sort=name&pageSize=2&page=3');
        expect([first.total, second.total, third.total]).toEqual([5, 5, 5]);
        expect([first.items.length, second.items.length, third.items.length]).toEqual([2, 2, 1]);
        const seen = [...first.items, ...second.items, ...third.items].map((o) => o.id);
        expect(new Set(seen).size).toBe(5);
        expect(second).toMatchObject({ page: 2, pageSize: 2 });
      });

      it('searches name and email case-insensitively, taking % and _ literally', async () => {
        const res = await request(
          'GET',
          `/organizations?search=${tag.toUpperCase()} CHAR`,
          headersOf('Super Administrator'),
        );
        expect(res.json().items.map((o: { id: string }) => o.id)).toEqual([ids.charlie]);
        const byEmail = await request(
          'GET',
          `/organizations?search=bravo2@${tag}`,
          headersOf('Super Administrator'),
        );
        expect(byEmail.json().items.map((o: { id: string }) => o.id)).toEqual([ids.bravo2]);
        const percent = await request(
          'GET',
          `/organizations?search=${encodeURIComponent('100%_')}`,
          headersOf('Super Administrator'),
        );
        expect(percent.json().total).toBe(1);
        const wildcard = await request(
          'GET',
          `/organizations?search=${encodeURIComponent(`%${tag}`)}`,
          headersOf('Super Administrator'),
        );
        expect(wildcard.json().total).toBe(0);
      });

      it('refuses a bad sort field or page size with 400 validation_error', async () => {
        for (const query of ['sort=email', 'pageSize=500', 'page=0', 'order=sideways']) {
          const res = await request('GET', `/organizations?${query}`, headersOf('Super Administrator'));
          expect(res.statusCode, query).toBe(400);
          expect(res.json().code).toBe('validation_error');
        }
      });
    });
  });

  describe('POST /organizations', () => {
    const valid = () => ({
      name: `  New School ${unique()} `,
      type: 'university',
      email: `office-${unique()}@example.test`,
      phone: '+44 20 7946 0000',
      address: '1 High Street',
      postalCode: 'AB1 2CD',
    });

    it('creates an organization without administrator and records the audit event', async () => {
      const input = valid();
      const res = await request('POST', '/organizations', headersOf('Super Administrator'), input);
      expect(res.statusCode).toBe(201);
      const body = OrganizationDetailSchema.parse(res.json());
      expect(body).toMatchObject({
        name: input.name.trim(),
        type: 'university',
        email: input.email,
        phone: '+44 20 7946 0000',
        address: '1 High Street',
        postalCode: 'AB1 2CD',
        administrators: [],
        counts: { users: 0, administrators: 0, teachers: 0, students: 0 },
      });
      const audit = await auditOf(body.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'organization.created',
        targetType: 'organization',
        organizationId: body.id,
        actorRole: 'Super Administrator',
        details: { name: body.name, type: 'university' },
      });
    });

    it('stores empty optional contact fields as null', async () => {
      const res = await request('POST', '/organizations', headersOf('Super Administrator'), {
        ...valid(),
        phone: '',
        address: '  ',
        postalCode: '',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ phone: null, address: null, postalCode: null });
    });

    it('invites the first administrator: pending, must change password, mailed a one-time link that activates the account', async () => {
      const adminEmail = `first-admin-${unique()}@example.test`;
      const res = await request('POST', '/organizations', headersOf('Super Administrator'), {
        ...valid(),
        administrator: { name: 'Grace Hopper', email: ` ${adminEmail.toUpperCase()} `, phone: '' },
      });
      expect(res.statusCode).toBe(201);
      const body = OrganizationDetailSchema.parse(res.json());
      expect(body.administrators).toEqual([
        { id: expect.any(String), name: 'Grace Hopper', email: adminEmail, phone: null, status: 'pending' },
      ]);
      expect(body.counts).toEqual({ users: 1, administrators: 1, teachers: 0, students: 0 });

      const user = await findUserByEmail(t.app.db, adminEmail);
      expect(user).toMatchObject({
        organizationId: body.id,
        role: 'Administrator',
        status: 'pending',
        mustChangePassword: true,
        passwordHash: null,
      });

      const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, adminEmail));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain(body.name);
      const match = /http:\/\/localhost:3999\/resetpassword\?token=([A-Za-z0-9_-]+)&invite=1/.exec(
        mails[0]!.text,
      );
      expect(match, mails[0]!.text).not.toBeNull();

      const audit = await auditOf(user!.id);
      expect(audit).toMatchObject([
        {
          action: 'user.invited',
          targetType: 'user',
          organizationId: body.id,
          actorRole: 'Super Administrator',
          details: { email: adminEmail, role: 'Administrator' },
        },
      ]);

      // The link sets the first password and activates the account, once.
      const reset = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/accounts/reset-password',
          payload: { token: match![1], password: 'a brand new password' },
        });
      expect((await reset()).statusCode).toBe(200);
      expect(await findUserByEmail(t.app.db, adminEmail)).toMatchObject({
        status: 'active',
        mustChangePassword: false,
      });
      expect((await reset()).json().code).toBe('invalid_token');
    });

    it('refuses a taken administrator email with 409 and creates nothing', async () => {
      const existing = await makeUser(t.app, 'Teacher', orgA);
      const input = { ...valid(), administrator: { name: 'Someone', email: existing.email } };
      const res = await request('POST', '/organizations', headersOf('Super Administrator'), input);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('email_taken');
      const rows = await t.app.db
        .select()
        .from(organizations)
        .where(eq(organizations.name, input.name.trim()));
      expect(rows).toHaveLength(0);
      const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, existing.email));
      expect(mails).toHaveLength(0);
    });

    it('answers 400 with a detail per invalid field and creates nothing', async () => {
      const before = await t.app.db.select().from(organizations);
      const res = await request('POST', '/organizations', headersOf('Super Administrator'), {
        name: '   ',
        type: 'castle',
        email: 'not-an-email',
        phone: 'call me',
        administrator: { name: '', email: 'nope' },
      });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe('validation_error');
      const details = Object.fromEntries(
        body.details.map((d: { path: string[]; message: string }) => [d.path.join('.'), d.message]),
      );
      expect(details).toMatchObject({
        name: 'validation.organizationNameRequired',
        type: 'validation.organizationTypeRequired',
        email: 'validation.emailInvalid',
        phone: 'validation.phoneInvalid',
        'administrator.name': 'validation.nameRequired',
        'administrator.email': 'validation.emailInvalid',
      });
      expect(await t.app.db.select().from(organizations)).toHaveLength(before.length);
    });

    it.each(['Administrator', 'user', 'Teacher', 'Student'] as Role[])(
      'refuses a %s with 403',
      async (role) => {
        const res = await request('POST', '/organizations', headersOf(role), valid());
        expect(res.statusCode).toBe(403);
      },
    );
  });

  describe('GET /organizations/:id', () => {
    it.each(['Administrator', 'user', 'Teacher', 'Student', 'Super Administrator'] as Role[])(
      'shows a %s the details with administrators and counts',
      async (role) => {
        const res = await request('GET', `/organizations/${orgA}`, headersOf(role));
        expect(res.statusCode).toBe(200);
        const body = OrganizationDetailSchema.parse(res.json());
        expect(body).toMatchObject({ id: orgA, name: 'Alpha Academy', type: 'school' });
        // Administrator and legacy 'user' are both administrators.
        expect(body.administrators.length).toBeGreaterThanOrEqual(2);
        expect(body.counts.administrators).toBe(body.administrators.length);
        expect(body.counts.students).toBeGreaterThanOrEqual(1);
      },
    );

    it('answers 404 (never 403) for another organization and for a missing one', async () => {
      for (const id of [orgB, crypto.randomUUID()]) {
        const res = await request('GET', `/organizations/${id}`, headersOf('Administrator'));
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('not_found');
      }
      expect((await request('GET', `/organizations/${orgA}`, foreignAdmin)).statusCode).toBe(404);
    });

    it('answers 404 to a user who has no organization yet', async () => {
      const { headers } = await signInAs(t.app, 'Administrator', null);
      expect((await request('GET', `/organizations/${orgA}`, headers)).statusCode).toBe(404);
    });

    it('refuses an id that is not a uuid with 400', async () => {
      expect((await request('GET', '/organizations/abc', headersOf('Administrator'))).statusCode).toBe(400);
    });
  });

  describe('PATCH /organizations/:id', () => {
    let org: string;
    let admin: Headers;
    beforeAll(async () => {
      org = (await makeOrganization(t.app, 'Gamma College')).id;
      admin = (await signInAs(t.app, 'Administrator', org)).headers;
    });

    it('lets its Administrator change fields, audits only what changed, and clears empty optional fields', async () => {
      const before = await auditOf(org);
      const res = await request('PATCH', `/organizations/${org}`, admin, {
        name: 'Gamma College (renamed)',
        type: 'school', // unchanged
        phone: '+1 555 0100',
      });
      expect(res.statusCode).toBe(200);
      expect(OrganizationDetailSchema.parse(res.json())).toMatchObject({
        name: 'Gamma College (renamed)',
        phone: '+1 555 0100',
      });
      const audit = (await auditOf(org)).slice(before.length);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'organization.updated',
        actorRole: 'Administrator',
        organizationId: org,
        details: {
          changes: {
            name: { from: 'Gamma College', to: 'Gamma College (renamed)' },
            phone: { from: null, to: '+1 555 0100' },
          },
        },
      });

      const cleared = await request('PATCH', `/organizations/${org}`, admin, { phone: '' });
      expect(cleared.json().phone).toBeNull();
    });

    it('writes no audit event when nothing really changes', async () => {
      const before = await auditOf(org);
      const current = (await request('GET', `/organizations/${org}`, admin)).json();
      const res = await request('PATCH', `/organizations/${org}`, admin, { name: current.name });
      expect(res.statusCode).toBe(200);
      expect(await auditOf(org)).toHaveLength(before.length);
    });

    it("lets the legacy 'user' administrator and the Super Administrator edit", async () => {
      const legacy = (await signInAs(t.app, 'user', org)).headers;
      expect(
        (await request('PATCH', `/organizations/${org}`, legacy, { address: '2 Low Road' })).statusCode,
      ).toBe(200);
      const res = await request('PATCH', `/organizations/${org}`, headersOf('Super Administrator'), {
        postalCode: 'ZZ9',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ address: '2 Low Road', postalCode: 'ZZ9' });
      const last = (await auditOf(org)).at(-1);
      expect(last).toMatchObject({
        actorRole: 'Super Administrator',
        details: { changes: { postalCode: { to: 'ZZ9' } } },
      });
    });

    it.each(['Teacher', 'Student'] as Role[])(
      'refuses a %s of the organization with 403 and changes nothing',
      async (role) => {
        const { headers } = await signInAs(t.app, role, org);
        const before = (await request('GET', `/organizations/${org}`, admin)).json();
        const res = await request('PATCH', `/organizations/${org}`, headers, { name: 'Hacked' });
        expect(res.statusCode).toBe(403);
        expect((await request('GET', `/organizations/${org}`, admin)).json()).toEqual(before);
      },
    );

    it("answers 404 to another organization's Administrator and changes nothing", async () => {
      const before = (await request('GET', `/organizations/${org}`, admin)).json();
      const res = await request('PATCH', `/organizations/${org}`, foreignAdmin, { name: 'Hacked' });
      expect(res.statusCode).toBe(404);
      expect((await request('GET', `/organizations/${org}`, admin)).json()).toEqual(before);
    });

    it('answers 400 with details for invalid fields and for an empty change', async () => {
      const bad = await request('PATCH', `/organizations/${org}`, admin, { email: 'x@', name: '' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details).toEqual(
        expect.arrayContaining([
          { path: ['email'], message: 'validation.emailInvalid' },
          { path: ['name'], message: 'validation.organizationNameRequired' },
        ]),
      );
      const empty = await request('PATCH', `/organizations/${org}`, admin, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().details).toEqual([{ path: [], message: 'validation.nothingToChange' }]);
    });
  });

  describe('GET /organizations/:id/users', () => {
    let org: string;
    let admin: Headers;
    const tag = `mem${unique()}`;
    beforeAll(async () => {
      org = (await makeOrganization(t.app, 'Delta Institute')).id;
      admin = (await signInAs(t.app, 'Administrator', org)).headers;
      const people: [Role, string, string, Date | null][] = [
        ['Student', 'zoe', 'Zoë Adams', new Date('2024-03-01')],
        ['Student', 'yan', 'yan Brown', null],
        ['Teacher', 'xia', 'Xia Chen', new Date('2024-05-01')],
        ['Student', 'wil', 'Wil 50% Off', new Date('2024-04-01')],
      ];
      for (const [role, key, name, lastLoginAt] of people) {
        await makeUser(t.app, role, org, { email: `${key}.${tag}@example.test`, name, lastLoginAt });
      }
    });

    const list = async (query: string, headers = admin) => {
      const res = await request('GET', `/organizations/${org}/users?${query}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      return UserListSchema.parse(res.json());
    };

    it('lists the members of the organization only, with the organization name', async () => {
      const body = await list('');
      expect(body.total).toBe(5);
      expect(
        body.items.every((u) => u.organizationId === org && u.organizationName === 'Delta Institute'),
      ).toBe(true);
    });

    it('searches, filters, sorts and paginates on the server', async () => {
      expect((await list(`search=${tag}&sort=name`)).items.map((u) => u.name)).toEqual([
        'Wil 50% Off',
        'Xia Chen',
        'yan Brown',
        'Zoë Adams',
      ]);
      expect((await list('search=50%25')).items.map((u) => u.name)).toEqual(['Wil 50% Off']);
      expect((await list('role=Teacher')).items.map((u) => u.name)).toEqual(['Xia Chen']);
      // Never-signed-in users come last in both directions.
      expect((await list(`search=${tag}&sort=lastLoginAt&order=desc`)).items.map((u) => u.name)).toEqual([
        'Xia Chen',
        'Wil 50% Off',
        'Zoë Adams',
        'yan Brown',
      ]);
      const page2 = await list(`search=${tag}&sort=email&pageSize=3&page=2`);
      expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
      expect(page2.items.map((u) => u.name)).toEqual(['Zoë Adams']);
    });

    it('ignores an organizationId in the query: the path names the organization', async () => {
      const body = await list(`organizationId=${orgA}`);
      expect(body.items.every((u) => u.organizationId === org)).toBe(true);
    });

    it.each(['Administrator', 'user', 'Teacher'] as Role[])(
      'lets a %s of the organization see them',
      async (role) => {
        const { headers } = await signInAs(t.app, role, org);
        expect((await list('', headers)).items.length).toBeGreaterThan(0);
      },
    );

    it('lets the Super Administrator see any organization', async () => {
      expect((await list('', headersOf('Super Administrator'))).total).toBeGreaterThanOrEqual(5);
    });

    it("refuses a Student with 403 members_forbidden ('Unauthorized to view organization's members')", async () => {
      const { headers } = await signInAs(t.app, 'Student', org);
      const res = await request('GET', `/organizations/${org}/users`, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'members_forbidden',
        message: "Unauthorized to view organization's members",
      });
    });

    it('answers 404 for another organization or a missing one', async () => {
      for (const id of [orgA, crypto.randomUUID()]) {
        const res = await request('GET', `/organizations/${id}/users`, admin);
        expect(res.statusCode).toBe(404);
      }
      const teacherB = (await signInAs(t.app, 'Teacher', orgB)).headers;
      expect((await request('GET', `/organizations/${org}/users`, teacherB)).statusCode).toBe(404);
    });
  });

  it('keeps audit rows scoped to the organization they concern', async () => {
    const rows = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, orgB), eq(auditEvents.targetType, 'organization')));
    expect(rows).toHaveLength(0);
  });
});
