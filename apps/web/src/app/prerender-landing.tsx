import { MantineProvider, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { I18N_OPTIONS, type LanguageCode } from '@vbuilder/shared';
import { LanguagePicker } from '../features/accounts/components/language-picker.tsx';
import { LandingPage } from '../features/landing/components/landing-page.tsx';
import { useLineHeights } from '../features/landing/components/use-line-heights.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * The landing page as static HTML, one per language, written by the build (scripts/served-build.ts)
 * into landing/<lng>.html and sent for / and /login (apps/api/src/plugins/spa.ts). A phone on a slow
 * network sees the welcome and the features as soon as the HTML and CSS arrive, while the app's
 * JavaScript loads (issue 14's Lighthouse target). The sign-in card is a placeholder: signing in
 * stays the app's, behind its loading gate (SPEC §2); app/landing-shell.ts swaps the page for the
 * app's own as soon as the app shows a screen.
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

/** Where the sign-in card will be: its heading and words now, the button once the app is ready. */
function SignInPlaceholder({ title, description }: { title: string; description: string }) {
  const lh = useLineHeights();
  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 32 }} aria-busy="true">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} fz={{ base: 22, sm: 24 }}>
            {title}
          </Title>
          <Text c="gray.7" size="sm" lh={lh.body}>
            {description}
          </Text>
        </Stack>
        <Skeleton h={42} radius="sm" />
        <Skeleton h={1} />
        <Skeleton h={20} w="60%" />
      </Stack>
    </Paper>
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
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter initialEntries={['/']}>
            <LandingPage
              title={t('auth:login.title')}
              languagePicker={<LanguagePicker />}
              signIn={
                <SignInPlaceholder
                  title={t('landing:signIn.title')}
                  description={t('landing:signIn.description')}
                />
              }
            />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { html, title: t('landing:documentTitle'), description: t('landing:hero.lead') };
}
