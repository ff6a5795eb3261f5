import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withAppBoot } from './app-boot.ts';
import { landingHtml } from './served-build.ts';

/** The app's own index.html as Vite builds it: its entry, a stylesheet, then the boot script in their place. */
const source = readFileSync(
  path.join(path.dirname(new URL(import.meta.url).pathname), '../index.html'),
  'utf8',
);
const built = withAppBoot(
  source
    .replace('<script type="module" src="/src/app/main.tsx"></script>', '')
    .replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/index-A1.js"></script><link rel="stylesheet" crossorigin href="/assets/index-E5.css"></head>',
    ),
);

describe('the prerendered landing page as served', () => {
  const page = landingHtml(
    built,
    'th',
    { html: '<main><h1>ยินดีต้อนรับ</h1></main>', title: 'vbuilder', description: 'd' },
    '/landing-boot.js',
  );

  it('the app page keeps its boot spinner, drawn while the code downloads', () => {
    expect(built).toContain('<div id="boot-spinner"');
  });

  it('draws no spinner over the page while the app loads: the spinner is not in it', () => {
    expect(page).toContain(
      '<div id="landing-shell"><main><h1>ยินดีต้อนรับ</h1></main></div><div id="root"></div>',
    );
    expect(page).not.toContain('id="boot-spinner"');
    expect(page).not.toContain('<svg');
    // The rest of the body is intact.
    expect(page).toMatch(/<div id="root"><\/div>\s*<\/body>/);
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-E5.css">');
  });
});
