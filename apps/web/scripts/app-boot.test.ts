import { describe, expect, it } from 'vitest';
import { APP_BOOT_FILE, APP_BOOT_SOURCE, appAssetsOf, withAppBoot } from './app-boot.ts';

/** The head Vite writes for a build: the entry, its preloads and its stylesheets, in this order. */
const VITE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <title>vbuilder</title>
    <style>#boot-spinner{display:none}</style>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-B2.js">
    <link rel="modulepreload" crossorigin href="/assets/app-C3.js">
    <link rel="stylesheet" crossorigin href="/assets/app-D4.css">
    <link rel="stylesheet" crossorigin href="/assets/index-E5.css">
  <script id="vite-plugin-pwa:register-sw" src="/registerSW.js" defer></script></head>
  <body><div id="root"></div></body>
</html>`;

describe('the built page paints before it asks for the app', () => {
  const page = withAppBoot(VITE_PAGE);

  it('asks for no script, preload or stylesheet of the app in its head, only the boot script', () => {
    expect(page).not.toMatch(/type="module"|rel="modulepreload"|rel="stylesheet"/);
    expect(page).toContain(`<script defer src="/${APP_BOOT_FILE}" `);
    // The rest of the page is as Vite wrote it.
    expect(page).toContain('<style>#boot-spinner{display:none}</style>');
    expect(page).toContain('<script id="vite-plugin-pwa:register-sw" src="/registerSW.js" defer></script>');
    expect(page).toContain('<body><div id="root"></div></body>');
  });

  it('hands the boot script everything, in Vite’s order (stylesheets cascade in that order)', () => {
    expect(appAssetsOf(page)).toEqual({
      entry: '/assets/index-A1.js',
      styles: ['/assets/app-D4.css', '/assets/index-E5.css'],
      preloads: ['/assets/rolldown-runtime-B2.js', '/assets/app-C3.js'],
    });
  });

  it('refuses a page without the app’s entry rather than writing one that never starts', () => {
    expect(() => withAppBoot('<html><head></head><body></body></html>')).toThrow(/no module script/);
  });

  it('is named by its content, so a changed boot script is a new file', () => {
    expect(APP_BOOT_FILE).toMatch(/^assets\/app-boot-[\w-]{8}\.js$/);
    // Runs the entry only once the stylesheets are in, and starts in a background tab too.
    expect(APP_BOOT_SOURCE).toContain('l.onload=ready');
    expect(APP_BOOT_SOURCE).toContain('setTimeout(start,100)');
  });
});
