import { Checkbox, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  KINDS_MAILED_BY_THEIR_MODULE,
  type NotificationDelivery,
  type NotificationPreference,
} from '@vbuilder/shared';
import { showToast } from '../../../components/forms/show-toast.tsx';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { usePreferences, useSavePreferences } from '../api/notifications.ts';

const channels = (delivery: NotificationDelivery) => ({
  inApp: delivery === 'both' || delivery === 'in_app',
  mail: delivery === 'both' || delivery === 'mail',
});

const deliveryOf = (inApp: boolean, mail: boolean): NotificationDelivery =>
  inApp && mail ? 'both' : inApp ? 'in_app' : mail ? 'mail' : 'none';

/**
 * Per kind the caller's role can get: in the app and by mail, each on or off (both off: neither).
 * Each change is saved at once. Kinds mailed with their document (invoices, certificates) always
 * come by mail; only the app side can be chosen for them.
 */
export function NotificationPreferences() {
  const { t } = useTranslation('notifications');
  const preferences = usePreferences();
  const save = useSavePreferences();

  const change = (preference: NotificationPreference, next: { inApp?: boolean; mail?: boolean }) => {
    const current = channels(preference.delivery);
    const delivery = deliveryOf(next.inApp ?? current.inApp, next.mail ?? current.mail);
    save.mutate([{ kind: preference.kind, delivery }], {
      onSuccess: () => showToast('success', t('preferences.saved'), undefined, 'notification-preferences'),
      onError: () => showToast('failure', t('preferences.saveFailed'), undefined, 'notification-preferences'),
    });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="notification-preferences">
      <div>
        <Title order={2} size="h3" id="notification-preferences">
          {t('preferences.title')}
        </Title>
        <Text c="gray.7" size="sm">
          {t('preferences.description')}
        </Text>
      </div>
      {preferences.isError && !preferences.data ? (
        <LoadErrorCard
          headingOrder={3}
          heading={t('preferences.loadError')}
          error={preferences.error}
          onRetry={() => void preferences.refetch()}
          retrying={preferences.isFetching}
        />
      ) : (
        <Paper withBorder radius="md">
          <Table verticalSpacing="sm" horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('preferences.kind')}</Table.Th>
                <Table.Th ta="center" w="25%">
                  {t('preferences.inApp')}
                </Table.Th>
                <Table.Th ta="center" w="25%">
                  {t('preferences.mail')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(preferences.data?.preferences ?? []).map((preference) => {
                const { inApp, mail } = channels(preference.delivery);
                const label = t(`kinds.${preference.kind}.label`);
                const withDocument = KINDS_MAILED_BY_THEIR_MODULE.includes(preference.kind);
                return (
                  <Table.Tr key={preference.kind}>
                    <Table.Td>
                      <Text size="sm">{label}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Checkbox
                        mx="auto"
                        w="fit-content"
                        checked={inApp}
                        aria-label={t('preferences.inAppFor', { kind: label })}
                        onChange={(e) => change(preference, { inApp: e.currentTarget.checked })}
                      />
                    </Table.Td>
                    <Table.Td ta="center">
                      {withDocument ? (
                        <Text size="xs" c="gray.7">
                          {t('preferences.withDocument')}
                        </Text>
                      ) : (
                        <Checkbox
                          mx="auto"
                          w="fit-content"
                          checked={mail}
                          aria-label={t('preferences.mailFor', { kind: label })}
                          onChange={(e) => change(preference, { mail: e.currentTarget.checked })}
                        />
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
