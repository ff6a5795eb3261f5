import { useEffect, useState } from 'react';
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParam } from '../../../lib/use-search-param.ts';
import { subscriptionQuery } from '../api/get-subscription.ts';

/** The parameter the card provider's checkout page comes back with (success or cancel). */
export const CHECKOUT_PARAM = 'checkout';

/**
 * After a paid checkout the record stays pending until the provider's webhook activates it: the
 * subscription is read again this many times, this far apart, while it still has a pending request.
 * (An object, so a test can shorten the wait.)
 */
export const CHECKOUT_POLL = { attempts: 5, intervalMs: 3_000 };

type Outcome = 'success' | 'cancel';
const isOutcome = (value: string | null): value is Outcome => value === 'success' || value === 'cancel';

/**
 * Back from the card provider's checkout page (/account/subscription?checkout=success|cancel):
 * says what happened, takes the parameter out of the address, and after a payment reads the
 * subscription again until the record is no longer pending (or a few attempts later).
 */
export function CheckoutReturnNotice({ organizationId }: { organizationId: string | null }) {
  const { t } = useTranslation('billing');
  const [returned, setReturned] = useSearchParam(CHECKOUT_PARAM);
  const [outcome, setOutcome] = useState<Outcome | null>(isOutcome(returned) ? returned : null);
  const [pollingDone, setPollingDone] = useState(false);
  const [seen, setSeen] = useState(returned);
  if (returned !== seen) {
    // Back again while the screen stays open: show the newer outcome.
    setSeen(returned);
    if (isOutcome(returned)) {
      setOutcome(returned);
      setPollingDone(false);
    }
  }
  const queryClient = useQueryClient();

  useEffect(() => {
    if (returned === null) return;
    setReturned(null);
  }, [returned, setReturned]);

  useEffect(() => {
    if (outcome !== 'success' || !organizationId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (left: number) => {
      let waiting = false;
      try {
        // Joins the screen's own load when it is under way; reads again otherwise.
        const subscription = await queryClient.fetchQuery({
          ...subscriptionQuery(organizationId),
          staleTime: 0,
        });
        waiting = subscription.pendingRequest !== null;
      } catch {
        // The status card shows a failed load; nothing more to wait for here.
      }
      if (stopped) return;
      if (waiting && left > 0) timer = setTimeout(() => void poll(left - 1), CHECKOUT_POLL.intervalMs);
      else setPollingDone(true);
    };
    void poll(CHECKOUT_POLL.attempts);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [outcome, organizationId, queryClient]);

  if (!outcome) return null;
  const success = outcome === 'success';
  return (
    <Alert
      color={success ? 'green' : 'blue'}
      variant="light"
      icon={success ? <IconCircleCheck size={18} aria-hidden /> : <IconInfoCircle size={18} aria-hidden />}
      withCloseButton
      closeButtonLabel={t('close')}
      onClose={() => setOutcome(null)}
    >
      <Stack gap={6}>
        <Text size="sm">{success ? t('checkout.success') : t('checkout.cancel')}</Text>
        {success && organizationId && !pollingDone && (
          <Group gap={8} wrap="nowrap">
            <Loader size={14} aria-hidden />
            <Text size="xs" c="gray.7">
              {t('checkout.checking')}
            </Text>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
