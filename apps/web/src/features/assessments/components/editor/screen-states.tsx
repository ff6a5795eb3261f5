import { Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadErrorCard } from '../../../../components/load-error-card.tsx';

/** While an authoring screen loads: its title and the shape of what is coming. */
export function ScreenLoading({ title }: { title: string }) {
  const { t } = useTranslation('assessmentEditor');
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%" aria-busy="true">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Skeleton height={56} radius="md" aria-label={t('loading')} />
      <Skeleton height={320} radius="lg" />
    </Stack>
  );
}

/** A screen that could not load: what failed, why, and a retry. */
export function ScreenLoadError({
  title,
  message,
  error,
  onRetry,
  retrying,
}: {
  title: string;
  message: string;
  error: unknown;
  onRetry(): void;
  retrying: boolean;
}) {
  const { t } = useTranslation('assessmentEditor');
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Title order={1} size="h2">
        {title}
      </Title>
      <LoadErrorCard
        heading={message}
        error={error}
        onRetry={onRetry}
        retrying={retrying}
        retryLabel={t('retry')}
      />
    </Stack>
  );
}
