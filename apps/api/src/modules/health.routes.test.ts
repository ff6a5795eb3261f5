import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translatorFor } from '../i18n/index.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

describe('system routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers health with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('publishes the OpenAPI document and its UI', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().paths).toHaveProperty('/api/health');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });

  it('sends security headers with a real content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API paths with a JSON 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers 503 database_unavailable, translated, while the database is down, not 500', async () => {
    const down = await buildTestApp();
    try {
      await down.database.close();
      const res = await down.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'accept-language': 'vi' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 'database_unavailable',
        message: translatorFor('vi')('errors:database_unavailable'),
      });
    } finally {
      // Closing work that still reaches for the closed database fails: nothing to check there.
      await down.app.close().catch(() => {});
    }
  });
});
