import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { makeOrganization, signInAs } from '../../test/sign-in.ts';
import { multipartBody } from '../ai/test-documents.ts';

/**
 * Question and profile images are served to anyone with the link (stored-images.ts says why): the
 * link is the capability, so it must be unguessable (a random version-4 UUID), served without a
 * session, and kept out of search engines.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const RANDOM_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.png$/;

const dataDir = await mkdtemp(path.join(tmpdir(), 'vb-image-links-'));
const t = await buildTestApp({ DATA_DIR: dataDir });
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});
const org = await makeOrganization(t.app);
const teacher = await signInAs(t.app, 'Teacher', org.id);

async function uploaded(url: string, field: string, pick: (body: Record<string, unknown>) => string) {
  const body = multipartBody(field, 'picture.png', PNG, 'image/png');
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...teacher.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return pick(res.json());
}

describe('image links', () => {
  it('are random version-4 UUIDs, served without a session, marked not to be indexed', async () => {
    const question = await uploaded('/api/question-images', 'image', (b) => String(b.url));
    const profile = await uploaded('/api/auth/profile/image', 'profile_image', (b) =>
      String((b.user as { profile_image: string }).profile_image),
    );
    for (const link of [question, profile]) {
      expect(link.split('/').pop()).toMatch(RANDOM_UUID);
      const res = await t.app.inject({ method: 'GET', url: link });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PNG)).toBe(true);
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
    expect(question).not.toBe(profile);
  });
});
