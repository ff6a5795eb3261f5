import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Center, Code, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconHome, IconRefresh } from '@tabler/icons-react';
import { LoadingScreen } from './loading-screen.tsx';
import { NotFoundPage } from './not-found-page.tsx';

const CHUNK_RELOAD_KEY = 'vbuilder:chunk-reload-at';
/** A second chunk failure within this time is not a stale deploy: show the error instead of looping. */
const CHUNK_RELOAD_WINDOW_MS = 60_000;

/** After a deploy, an open tab asks for route chunks that no longer exist: browsers word it differently. */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? '');
  return /ChunkLoadError|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    text,
  );
}

/** Reloads once per window; answers whether a reload was started. */
function reloadOnceForChunkError(): boolean {
  try {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
    if (Date.now() - last < CHUNK_RELOAD_WINDOW_MS) return false;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  } catch {
    return false; // storage blocked: we could not tell a second failure from the first
  }
  window.location.reload();
  return true;
}

function describe(error: unknown): { message: string; stack?: string } {
  if (isRouteErrorResponse(error)) {
    const data = typeof error.data === 'string' ? error.data : JSON.stringify(error.data);
    return { message: `${error.status} ${error.statusText}`.trim(), stack: data || undefined };
  }
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack };
  return { message: typeof error === 'string' ? error : JSON.stringify(error) };
}

/** 'Something went wrong' with Show/Hide Details, Retry (reload) and Go Home (docs/product/screens.md). */
export function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const { message, stack } = describe(error);
  const details = stack && !stack.includes(message) ? `${message}\n\n${stack}` : (stack ?? message);

  return (
    <Center mih="100dvh" p="md" component="main">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={560}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
            <IconAlertTriangle size={30} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {t('errorScreen.title')}
          </Title>
          <Text c="gray.7">{t('errorScreen.description')}</Text>
          <Group justify="center" gap="sm">
            <Button
              leftSection={<IconRefresh size={18} aria-hidden />}
              onClick={() => window.location.reload()}
            >
              {t('errorScreen.retry')}
            </Button>
            <Button
              component="a"
              href="/account/home"
              variant="default"
              leftSection={<IconHome size={18} aria-hidden />}
            >
              {t('errorScreen.goHome')}
            </Button>
          </Group>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls="error-details"
          >
            {open ? t('errorScreen.hideDetails') : t('errorScreen.showDetails')}
          </Button>
        </Stack>
        <div id="error-details">
          {open ? (
            <Code
              block
              mt="md"
              mah={280}
              style={{ overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
            >
              {details}
            </Code>
          ) : null}
        </div>
      </Paper>
    </Center>
  );
}

/** The router's root ErrorBoundary: not-found answers, stale-chunk reloads, and the error screen. */
export function AppErrorScreen() {
  const error = useRouteError();
  const chunkError = isChunkLoadError(error);
  const [reloading, setReloading] = useState(chunkError);

  useEffect(() => {
    if (chunkError && !reloadOnceForChunkError()) setReloading(false);
  }, [chunkError]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (reloading) return <LoadingScreen />;
  return <ErrorScreen error={error} />;
}
