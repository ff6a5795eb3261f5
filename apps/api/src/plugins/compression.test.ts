import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { COMPRESSIBLE_TYPES } from './compression.ts';

/** JSON and other text the API writes, compressed per request. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('compressing the API', () => {
  it('compresses JSON for a browser that accepts brotli, and not for one that does not', async () => {
    const br = await get('/api/openapi.json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const spec = JSON.parse(brotliDecompressSync(br.rawPayload).toString()) as { openapi: string };
    expect(spec.openapi).toMatch(/^3\./);

    const gz = await get('/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(spec);

    const plain = await get('/api/openapi.json', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(spec);
  });

  it('leaves small answers as they are (compressing them would save nothing)', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses server-sent events or binary downloads', () => {
    expect(COMPRESSIBLE_TYPES.test('application/json; charset=utf-8')).toBe(true);
    expect(COMPRESSIBLE_TYPES.test('text/html; charset=utf-8')).toBe(true);
    expect(COMPRESSIBLE_TYPES.test('text/event-stream')).toBe(false);
    expect(COMPRESSIBLE_TYPES.test('application/octet-stream')).toBe(false);
    expect(COMPRESSIBLE_TYPES.test('application/pdf')).toBe(false);
  });
});
