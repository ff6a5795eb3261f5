import { Alert, List, Loader, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLink, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBankQuestionLinks } from '../api/question-bank.ts';

/**
 * What saving a bank question does to the assessments that use it by reference: those nobody has
 * started change with it, those a student has started are locked and keep their copy. Read from
 * the server's own rule, so the dialog says what the save will do.
 */
export function LinkedAssessmentsNote({ bankQuestionId }: { bankQuestionId: string }) {
  const { t } = useTranslation('questionBank');
  const links = useBankQuestionLinks(bankQuestionId, true);

  if (links.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('editor.linksLoading')}
        </Text>
      </Group>
    );
  }
  if (links.isError) {
    return (
      <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
        {t('editor.linksFailed')}
      </Alert>
    );
  }
  const changing = links.data.items.filter((a) => !a.locked);
  const locked = links.data.items.filter((a) => a.locked);
  if (!changing.length && !locked.length) return null;

  return (
    <Stack gap="xs" data-testid="bank-links">
      {changing.length > 0 && (
        <Alert color="blue" variant="light" icon={<IconLink size={18} aria-hidden />}>
          <Text size="sm" id={`links-changing-${bankQuestionId}`}>
            {t('editor.linksChange', { count: changing.length })}
          </Text>
          <List size="sm" mt={4} aria-labelledby={`links-changing-${bankQuestionId}`}>
            {changing.map((a) => (
              <List.Item key={a.id} style={{ overflowWrap: 'anywhere' }}>
                {a.title}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {locked.length > 0 && (
        <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />}>
          <Text size="sm" id={`links-locked-${bankQuestionId}`}>
            {t('editor.linksLocked', { count: locked.length })}
          </Text>
          <List size="sm" mt={4} aria-labelledby={`links-locked-${bankQuestionId}`}>
            {locked.map((a) => (
              <List.Item key={a.id} style={{ overflowWrap: 'anywhere' }}>
                {a.title}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
