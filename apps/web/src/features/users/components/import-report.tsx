import { Alert, List, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ImportUsersResult } from '@vbuilder/shared';

/** The light alerts' coloured titles fall under 4.5:1 on their tint; the icon carries the colour. */
const ALERT_STYLES = { title: { color: 'var(--mantine-color-text)' } };

/** A rejection reason in words: validation keys via `validation`, API codes via `errors`. */
export function useReasonText() {
  const { t } = useTranslation(['validation', 'errors']);
  return (reason: string) =>
    reason.startsWith('validation.')
      ? t(`validation:${reason}`, { defaultValue: t('validation:validation.invalidValue') })
      : t(`errors:${reason}`, { defaultValue: t('errors:validation_error') });
}

/** The import's per-row report: how many students were added, and each rejected row with its reasons. */
export function ImportReport({ result }: { result: ImportUsersResult }) {
  const { t } = useTranslation('users');
  const reasonText = useReasonText();
  const created = result.created.length;
  const rejected = result.rejected.length;
  return (
    <>
      <Alert
        color={created > 0 ? 'green' : 'gray'}
        variant="light"
        icon={<IconCircleCheck aria-hidden />}
        title={t('import.report.created', { count: created })}
        styles={ALERT_STYLES}
        role="status"
      >
        {created > 0 ? t('import.report.invited') : t('import.report.noneCreated')}
      </Alert>
      {rejected > 0 && (
        <>
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            title={t('import.report.rejected', { count: rejected })}
            styles={ALERT_STYLES}
          >
            {t('import.report.rejectedHint')}
          </Alert>
          {/* No scroll box of its own: the dialog scrolls, and the email column wraps on phones. */}
          <Table striped verticalSpacing="xs" tabularNums captionSide="top" layout="fixed">
            <Table.Caption ta="left" fw={600} c="gray.8">
              {t('import.report.tableCaption')}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w={64}>
                  {t('import.report.row')}
                </Table.Th>
                <Table.Th scope="col">{t('import.report.email')}</Table.Th>
                <Table.Th scope="col">{t('import.report.reasons')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.rejected.map((row) => (
                <Table.Tr key={row.row}>
                  <Table.Th scope="row" fw="normal">
                    {row.row}
                  </Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {row.email ?? (
                      <Text span c="gray.7" size="sm">
                        {t('import.report.noEmail')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {row.reasons.length === 1 ? (
                      reasonText(row.reasons[0]!)
                    ) : (
                      <List size="sm" spacing={2}>
                        {row.reasons.map((reason) => (
                          <List.Item key={reason}>{reasonText(reason)}</List.Item>
                        ))}
                      </List>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </>
  );
}
