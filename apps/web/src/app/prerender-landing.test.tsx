import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  intlLocale,
  LANGUAGE_CODES,
  LIST_PRICES,
  PLANS,
  typesOfPlan,
  type LanguageCode,
} from '@vbuilder/shared';
import { renderLanding } from './prerender-landing.tsx';

const catalogs = import.meta.glob<{ default: Record<string, Record<string, unknown>> }>(
  '../locales/*/{auth,landing,billing}.json',
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

  /** A whole list price as the page's language writes it: Intl's currency format, without zero cents. */
  const price = (lng: LanguageCode, minor: number) =>
    new Intl.NumberFormat(intlLocale(lng), {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    }).format(minor / 100);

  it.each(LANGUAGE_CODES)(
    "%s: lists the catalog's plans with their prices, allowances and question types, in that language",
    async (lng) => {
      const { html } = await renderLanding(lng);
      const plans = html.slice(html.indexOf('id="landing-pricing"'));
      // Each card, from its data-plan to the next one's (cards hold lists of their own).
      const cards = plans
        .split('data-plan="')
        .slice(1)
        .map((part) => [part, part.slice(0, part.indexOf('"')), part] as const);
      expect(cards.map(([, name]) => name)).toEqual(['Free', 'Basic', 'Professional', 'Enterprise']);
      const t = (key: string, values: Record<string, string | number> = {}) =>
        escaped(
          Object.entries(values).reduce(
            (out, [name, value]) => out.replace(`{{${name}}}`, String(value)),
            text(lng, 'landing', key),
          ),
        );
      const plural = (key: string, count: number) =>
        `${key}_${new Intl.PluralRules(lng).select(count) === 'one' ? 'one' : 'other'}`;
      for (const [, name, card] of cards) {
        const plan = PLANS[name as keyof typeof PLANS];
        expect(card).toContain(t(`pricing.plans.${name}`));
        if (name === 'Free') {
          expect(card).toContain(t('pricing.freePrice'));
        } else {
          const list = LIST_PRICES[name as keyof typeof LIST_PRICES];
          expect(card).toContain(t('pricing.perMonth', { price: price(lng, list.month) }));
          expect(card).toContain(t('pricing.perYear', { price: price(lng, list.year) }));
        }
        const monthly = plan.monthlyAssessments;
        expect(card).toContain(
          monthly === null
            ? t('pricing.unlimited')
            : t(plural('pricing.allowance', monthly), {
                formatted: new Intl.NumberFormat(intlLocale(lng)).format(monthly),
              }),
        );
        const types = typesOfPlan(plan).length;
        expect(card).toContain(t(plural('pricing.types', types), { count: types }));
      }
    },
  );

  it('writes the prices as each language does: $ in English, US$ in Thai, Latin digits in Burmese', async () => {
    const en = (await renderLanding('en')).html;
    expect(en).toContain('$19 / month');
    expect(en).toContain('$49 / month');
    expect(en).toContain('$129 / month');
    expect(en).toContain('or $1,290 a year');
    expect((await renderLanding('th')).html).toContain('US$19 / เดือน');
    const my = (await renderLanding('my')).html;
    expect(my).toContain('49\u00a0US$ / လ');
    expect(my).not.toMatch(/[\u1040-\u1049]/);
  });

  it('shows real screens of the product, lazily, at a set size, from files that exist', async () => {
    const { html } = await renderLanding('en');
    const images = [...html.matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
    expect(images).toHaveLength(3);
    const publicDir = path.join(path.dirname(new URL(import.meta.url).pathname), '../../public');
    for (const img of images) {
      expect(img).toMatch(/ width="1280"/);
      expect(img).toMatch(/ height="800"/);
      expect(img).toMatch(/ loading="lazy"/);
      expect(img).toMatch(/ alt="[^"]+"/);
      const files = [...img.matchAll(/\/screens\/[\w-]+\.webp/g)].map(([file]) => file);
      expect(files.length).toBeGreaterThanOrEqual(2);
      for (const file of files) expect(existsSync(path.join(publicDir, file)), file).toBe(true);
    }
  });
});
