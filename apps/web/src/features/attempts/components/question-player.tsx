import { Component, Suspense, type ReactNode } from 'react';
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LazyPlayer, type LazyPlayerProps } from '../../../components/questions/family-players.tsx';
import { NearViewport } from '../../../components/near-viewport.tsx';

const placeholder = <Skeleton height={96} radius="md" aria-hidden />;

function PlayerNotLoaded({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('attempts');
  return (
    <Alert color="orange" variant="light" icon={<IconWifiOff size={18} aria-hidden />} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('question.playerNotLoaded')}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          {t('attempt.tryAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * A player whose code could not be fetched (the network went before this question's family was
 * ever shown, and the service worker had not kept it yet) says so and tries again on request; the
 * rest of the attempt keeps working, and the answers already given are safe on the device.
 */
class PlayerLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean; attempt: number }> {
  override state = { failed: false, attempt: 0 };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return (
        <PlayerNotLoaded onRetry={() => this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }))} />
      );
    }
    return (
      <Suspense key={this.state.attempt} fallback={placeholder}>
        {this.props.children}
      </Suspense>
    );
  }
}

/**
 * The question's player on the attempt screen, its code fetched when it is first shown
 * (family-players.tsx): a skeleton until then, a message if it cannot come. A `deferred` player
 * (all questions on one page, below the first ones) is fetched only as the student scrolls near
 * it, so the first screen downloads the players it shows, not every family's.
 */
export function QuestionPlayer({ deferred = false, ...props }: LazyPlayerProps & { deferred?: boolean }) {
  const player = <LazyPlayer {...props} />;
  return (
    <PlayerLoadBoundary>
      {deferred ? <NearViewport fallback={placeholder}>{player}</NearViewport> : player}
    </PlayerLoadBoundary>
  );
}
