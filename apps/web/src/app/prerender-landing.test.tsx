import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, type LanguageCode } from '@vbuilder/shared';
import { renderLanding } from './prerender-landing.tsx';

const catalogs = import.meta.glob<{ default: Record<string, Record<string, unknown>> }>(
  '../locales/*/{auth,landing}.json',
  { eager: true },
);
const text = (lng: LanguageCode, ns: string, key: string) =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown>)[part],
      catalogs[`../locales/${lng}/${ns}.json`]!.default,
    ) as string;

/** React escapes these in text; the catalogs' own apostrophes and ampersands must be compared so. */
const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/</g, '&lt;');

describe('the prerendered landing page', () => {
  it.each(LANGUAGE_CODES)(
    '%s: the welcome, the three features and the call to action, in that language',
    async (lng) => {
      const page = await renderLanding(lng);
      expect(page.title).toBe(text(lng, 'landing', 'documentTitle'));
      expect(page.description).toBe(text(lng, 'landing', 'hero.lead'));
      for (const [ns, key] of [
        ['auth', 'login.title'],
        ['landing', 'features.live.title'],
        ['landing', 'features.questions.title'],
        ['landing', 'features.analytics.title'],
        ['landing', 'cta.title'],
        ['landing', 'footer.verify'],
      ] as const) {
        expect(page.html).toContain(escaped(text(lng, ns, key)));
      }
      expect(page.html).toContain('href="/create-organization"');
      expect(page.html).toContain('href="/verify"');
    },
  );

  it("signs in without the app: a form that opens /login?login=1 in the page's language", async () => {
    const { html } = await renderLanding('km');
    expect(html).toMatch(/<form action="\/login" method="get">/);
    expect(html).toContain('<input type="hidden" name="login" value="1"/>');
    expect(html).toContain('<input type="hidden" name="lng" value="km"/>');
    expect(html).toMatch(/<button[^>]*type="submit"/);
    expect(html).toContain(escaped(text('km', 'auth', 'login.signIn')));
    expect(html).toContain('href="/sign-up"');
    expect(html).toContain('href="/forgotpassword"');
  });

  it('carries stand-ins for the product links, which the boot script fills in', async () => {
    const { html } = await renderLanding('en');
    expect(html).toContain('href="https://vbuilder.invalid/learningPlatformUrl"');
    expect(html).toContain('href="https://vbuilder.invalid/supportUrl"');
    expect(html).toContain('data-landing-replay="language"');
  });
});
