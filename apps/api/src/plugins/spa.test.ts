import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

/**
 * The built SPA as the API serves it: the brotli/gzip copies the build writes
 * beside each file, sent with Content-Encoding and Vary; hashed assets cached for good, pages
 * revalidated; no source map, and no page in place of a missing build file.
 */

const html = `<!doctype html><html><head><title>vbuilder</title></head><body>${'<div id="root"></div>'.repeat(80)}</body></html>`;
const script = `export const landing = ${JSON.stringify('Welcome to vbuilder. '.repeat(200))};`;

/** The build's prerendered landing page in one language (apps/web/scripts/served-build.ts). */
const landing = (lng: string) =>
  `<!doctype html><html lang="${lng}"><body>${`<p>${lng}</p>`.repeat(300)}</body></html>`;

let web: string;
let t: TestApp;

beforeAll(async () => {
  web = mkdtempSync(path.join(tmpdir(), 'vb-spa-'));
  mkdirSync(path.join(web, 'assets'));
  const put = (file: string, body: string, compressed = true) => {
    writeFileSync(path.join(web, file), body);
    if (!compressed) return;
    writeFileSync(path.join(web, `${file}.br`), brotliCompressSync(body));
    writeFileSync(path.join(web, `${file}.gz`), gzipSync(body));
  };
  put('index.html', html);
  mkdirSync(path.join(web, 'landing'));
  put('landing/en.html', landing('en'));
  put('landing/km.html', landing('km'));
  put('assets/login-route-Ab12Cd34.js', script);
  put('assets/tiny-Ef56Gh78.js', 'export {};', false);
  t = await buildTestApp({ WEB_DIST: web });
}, 60_000);

afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('serving the built web app', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for good', async () => {
    const res = await get('/assets/login-route-Ab12Cd34.js', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy when brotli is not accepted, and the file itself when nothing is', async () => {
    const gz = await get('/assets/login-route-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/login-route-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The answer still depends on Accept-Encoding: a shared cache must not hand it to a brotli browser.
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('sends a file the build left without compressed copies intact (compressed on the way when asked)', async () => {
    const br = await get('/assets/tiny-Ef56Gh78.js', { 'accept-encoding': 'br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const body =
      br.headers['content-encoding'] === 'br' ? brotliDecompressSync(br.rawPayload).toString() : br.body;
    expect(body).toBe('export {};');
    const plain = await get('/assets/tiny-Ef56Gh78.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('export {};');
  });

  it('answers a deep link with index.html, compressed and revalidated', async () => {
    const res = await get('/account/home', { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
  });

  it.each(['/', '/login'])(
    "answers %s with the prerendered landing page in the visitor's language",
    async (url) => {
      const page = async (headers: Record<string, string>, query = '') => {
        const res = await get(`${url}${query}`, { accept: 'text/html', 'accept-encoding': 'br', ...headers });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['cache-control']).toBe('no-cache');
        // One copy per language and encoding: a shared cache must tell them apart.
        expect(res.headers.vary).toMatch(/cookie/i);
        expect(res.headers.vary).toMatch(/accept-language/i);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        return brotliDecompressSync(res.rawPayload).toString();
      };
      expect(await page({})).toBe(landing('en'));
      expect(await page({ 'accept-language': 'km-KH,km;q=0.9,en;q=0.8' })).toBe(landing('km'));
      // The picker's cookie wins over the browser's languages, and ?lng= (a mail's link) over both.
      expect(await page({ cookie: 'vbuilder_lang=km', 'accept-language': 'en-US' })).toBe(landing('km'));
      expect(await page({ cookie: 'vbuilder_lang=km' }, '?lng=en')).toBe(landing('en'));
      // A language the build has no page for (here: Thai) gets the app without one.
      expect(await page({ cookie: 'vbuilder_lang=th' })).toBe(html);
      // Whatever the client accepts (a health check, curl), and for HEAD too.
      const anyAccept = await get(url, { accept: '*/*' });
      expect(anyAccept.statusCode).toBe(200);
      expect(anyAccept.body).toBe(landing('en'));
      const head = await t.app.inject({ method: 'HEAD', url, headers: { accept: 'text/html' } });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toMatch(/text\/html/);
    },
  );

  it('serves no source map and no page in place of a missing build file', async () => {
    for (const url of ['/assets/login-route-Ab12Cd34.js.map', '/assets/gone-Zz99Yy88.js', '/sw.js.map']) {
      const res = await get(url, { accept: 'text/html,*/*', 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json(), url).toMatchObject({ code: 'not_found' });
    }
  });
});
