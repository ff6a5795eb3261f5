import { afterAll, describe, expect, it } from 'vitest';
import { OrganizationDetailSchema } from '@vbuilder/shared';
import { buildTestApp } from '../../test/build-test-app.ts';
import { makeOrganization, makeUser, signInAs } from '../../test/sign-in.ts';

/**
 * An organization's page shows its administrators. Their email and phone are for staff: a Student
 * reading their own organization gets the administrators' names, never their contact details.
 */

const t = await buildTestApp();
afterAll(() => t.close());
const { app } = t;
const org = await makeOrganization(app, 'Contacts School');
const admin = await makeUser(app, 'Administrator', org.id, { phone: '+255700000001' });

const detailAs = async (role: 'Student' | 'Teacher' | 'Administrator') => {
  const { headers } = await signInAs(app, role, org.id);
  const res = await app.inject({ method: 'GET', url: `/api/organizations/${org.id}`, headers });
  expect(res.statusCode).toBe(200);
  return { body: res.body, detail: OrganizationDetailSchema.parse(res.json()) };
};

describe("administrators' contact details on the organization's page", () => {
  it('are not sent to a Student: names only, no email or phone anywhere in the answer', async () => {
    const { body, detail } = await detailAs('Student');
    expect(detail.administrators).toContainEqual(
      expect.objectContaining({ id: admin.id, name: admin.name, email: null, phone: null }),
    );
    expect(body).not.toContain(admin.email);
    expect(body).not.toContain('255700000001');
  });

  it('are sent to staff (a Teacher, an Administrator)', async () => {
    for (const role of ['Teacher', 'Administrator'] as const) {
      const { detail } = await detailAs(role);
      expect(detail.administrators).toContainEqual(
        expect.objectContaining({ id: admin.id, email: admin.email, phone: '+255700000001' }),
      );
    }
  });
});
