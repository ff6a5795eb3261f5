import { Button, MantineProvider } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { I18N_OPTIONS, type LanguageCode } from '@vbuilder/shared';
import { LanguagePicker } from '../features/accounts/components/language-picker.tsx';
import { LandingPage } from '../features/landing/components/landing-page.tsx';
import { authKeys } from '../lib/query-keys.ts';
import { PRODUCT_LINK_PLACEHOLDER, REPLAY_ATTRIBUTE } from '../lib/landing-contract.ts';
import { SignInCard } from './sign-in-card.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * The landing page as static HTML, one per language, written by the build (scripts/served-build.ts)
 * into landing/<lng>.html and sent for / and /login (apps/api/src/plugins/spa.ts). A phone on a slow
 * network sees the welcome and the features as soon as the HTML and CSS arrive, while the app's
 * JavaScript loads. Everything on it works without the app: links
 * are links, and the sign-in button a form that opens /login?login=1, where the app signs in. The
 * app's code loads only when the visitor acts (see the boot script in scripts/served-build.ts), or
 * at once for a signed-in visitor, whom the app sends on; app/landing-shell.ts then swaps the page
 * for the app's own as soon as the app shows a screen.
 */

const NAMESPACES = ['common', 'accounts', 'auth', 'landing'] as const;
const catalogs = import.meta.glob<{ default: Record<string, unknown> }>(
  '../locales/*/{common,accounts,auth,landing}.json',
  { eager: true },
);

function resourcesOf(lng: LanguageCode) {
  const of = (language: string) =>
    Object.fromEntries(
      NAMESPACES.map((ns) => [ns, catalogs[`../locales/${language}/${ns}.json`]?.default ?? {}]),
    );
  return { en: of('en'), [lng]: of(lng) };
}

/** The product links' stand-ins (see landing-contract.ts); the boot script fills them in. */
const productLinkStandIns = {
  learningPlatformUrl: `${PRODUCT_LINK_PLACEHOLDER}learningPlatformUrl`,
  supportUrl: `${PRODUCT_LINK_PLACEHOLDER}supportUrl`,
  billingSupportEmail: null,
};

/**
 * The sign-in button without the app: a form that opens /login?login=1 (in this page's language),
 * where the app starts signing in at once (routes/login-route.tsx).
 */
function StaticSignIn({ lng, label }: { lng: LanguageCode; label: string }) {
  return (
    <form action="/login" method="get">
      <input type="hidden" name="login" value="1" />
      <input type="hidden" name="lng" value={lng} />
      <Button type="submit" size="md" fullWidth leftSection={<IconLogin2 size={18} aria-hidden />}>
        {label}
      </Button>
    </form>
  );
}

export interface PrerenderedLanding {
  html: string;
  title: string;
  description: string;
}

export async function renderLanding(lng: LanguageCode): Promise<PrerenderedLanding> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    ...I18N_OPTIONS,
    supportedLngs: [...I18N_OPTIONS.supportedLngs],
    lng,
    ns: [...NAMESPACES],
    resources: resourcesOf(lng),
    react: { useSuspense: false },
  });
  const t = i18n.getFixedT(lng);
  const queryClient = new QueryClient();
  queryClient.setQueryData(authKeys.config(), productLinkStandIns);
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={['/']}>
            <LandingPage
              title={t('auth:login.title')}
              languagePicker={
                <div {...{ [REPLAY_ATTRIBUTE]: 'language' }}>
                  <LanguagePicker />
                </div>
              }
              signIn={<SignInCard action={<StaticSignIn lng={lng} label={t('auth:login.signIn')} />} />}
            />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { html, title: t('landing:documentTitle'), description: t('landing:hero.lead') };
}
