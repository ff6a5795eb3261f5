import { describe, expect, it } from 'vitest';
import { attemptPathFiles, type ModuleLinks } from './attempt-precache.ts';

const SRC = '/repo/apps/web/src';
const chunk = (modules: string[], more: { imports?: string[]; css?: string[]; isEntry?: boolean } = {}) => ({
  imports: more.imports ?? [],
  css: more.css ?? [],
  modules,
  isEntry: more.isEntry ?? false,
});

describe('the service worker precaches the attempt path only', () => {
  const chunks = new Map([
    ['assets/index.js', chunk([`${SRC}/app/main.tsx`], { imports: ['assets/app.js'], isEntry: true })],
    [
      'assets/app.js',
      chunk([`${SRC}/app/routes/root-route.tsx`, `${SRC}/app/routes/take-assessment-route.tsx`], {
        css: ['assets/app.css'],
      }),
    ],
    // Several namespaces of one language in one chunk (src/lib/i18n-bundles.ts): no facade module.
    ['assets/words-shell-th.js', chunk([`${SRC}/locales/th/common.json`, `${SRC}/locales/th/auth.json`])],
    ['assets/attempts-km.js', chunk([`${SRC}/locales/km/attempts.json`])],
    ['assets/billing-th.js', chunk([`${SRC}/locales/th/billing.json`])],
    [
      'assets/matching-player.js',
      chunk([`${SRC}/components/questions/families/matching/matching-player.tsx`], {
        imports: ['assets/Input.js'],
        css: ['assets/matching-player.css'],
      }),
    ],
    [
      'assets/Input.js',
      chunk(['/repo/node_modules/@mantine/core/esm/components/Input/Input.mjs'], {
        css: ['assets/Input.css'],
      }),
    ],
    ['assets/billing-route.js', chunk([`${SRC}/app/routes/billing-route.tsx`])],
  ]);
  const graph = new Map<string, ModuleLinks>([
    [
      `${SRC}/app/routes/take-assessment-route.tsx`,
      { imports: [`${SRC}/components/questions/family-players.tsx`], dynamicImports: [] },
    ],
    [
      `${SRC}/components/questions/family-players.tsx`,
      { imports: [], dynamicImports: [`${SRC}/components/questions/families/matching/matching-player.tsx`] },
    ],
  ]);
  const files = attemptPathFiles(chunks, graph);

  it('keeps the entry, the attempt route, the players it loads and the styles they use', () => {
    for (const file of ['assets/index.js', 'assets/app.js', 'assets/app.css', 'assets/matching-player.js']) {
      expect(files).toContain(file);
    }
    expect(files).toContain('assets/Input.js');
    expect(files).toContain('assets/Input.css');
  });

  it("keeps the attempt path's words in every language, bundled or not", () => {
    expect(files).toContain('assets/words-shell-th.js');
    expect(files).toContain('assets/attempts-km.js');
  });

  it('leaves the other screens and their words to the network', () => {
    expect(files).not.toContain('assets/billing-th.js');
    expect(files).not.toContain('assets/billing-route.js');
  });
});
