import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { makeOrganization, signInAs } from '../../test/sign-in.ts';
import { insertAssessment } from '../attempts/test-fixtures.ts';

/**
 * Deleting an assessment and releasing its results are its author's call or an administrator's:
 * another teacher of the organization reads, edits and marks it, but is refused (403
 * assessment_author_only, translated) and nothing changes. An assessment whose author has left is
 * managed by the administrators.
 */

const t = await buildTestApp();
afterAll(() => t.close());
const { app } = t;
const org = await makeOrganization(app, 'Author Rule School');
const author = await signInAs(app, 'Teacher', org.id);
const colleague = await signInAs(app, 'Teacher', org.id);
const administrator = await signInAs(app, 'Administrator', org.id);
const legacyAdministrator = await signInAs(app, 'user', org.id);

const assessmentBy = async (createdBy: string | null) =>
  (await insertAssessment(app.db, { organizationId: org.id, createdBy, status: 'published' })).id;

const remove = (id: string, headers: Record<string, string>) =>
  app.inject({ method: 'DELETE', url: `/api/assessments/${id}`, headers });
const release = (id: string, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: `/api/assessments/${id}/release`, headers, payload: {} });
const read = (id: string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: `/api/assessments/${id}`, headers });

describe('who may delete an assessment or release its results', () => {
  it('refuses another teacher of the organization (403 assessment_author_only) and keeps the assessment', async () => {
    const id = await assessmentBy(author.user.id);
    expect((await read(id, colleague.headers)).statusCode).toBe(200);

    const refused = await remove(id, colleague.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'assessment_author_only',
      message:
        'Only the teacher who created this assessment, or an administrator of the organization, can delete it or release its results',
    });
    expect((await read(id, author.headers)).statusCode).toBe(200);

    const releaseRefused = await release(id, colleague.headers);
    expect(releaseRefused.statusCode).toBe(403);
    expect(releaseRefused.json()).toMatchObject({ code: 'assessment_author_only' });
  });

  it('lets the author delete and release their own assessment', async () => {
    const id = await assessmentBy(author.user.id);
    expect((await release(id, author.headers)).statusCode).toBe(200);
    expect((await remove(id, author.headers)).statusCode).toBe(204);
    expect((await read(id, author.headers)).statusCode).toBe(404);
  });

  it("lets the organization's administrators delete and release a teacher's assessment", async () => {
    for (const admin of [administrator, legacyAdministrator]) {
      const id = await assessmentBy(author.user.id);
      expect((await release(id, admin.headers)).statusCode).toBe(200);
      expect((await remove(id, admin.headers)).statusCode).toBe(204);
    }
  });

  it('leaves an assessment whose author has left to the administrators', async () => {
    const id = await assessmentBy(null);
    expect((await remove(id, author.headers)).statusCode).toBe(403);
    expect((await remove(id, administrator.headers)).statusCode).toBe(204);
  });
});
