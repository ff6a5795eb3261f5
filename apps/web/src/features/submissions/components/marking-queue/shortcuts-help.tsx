import { Kbd, Modal, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The queue's keys, as the help lists them (the marker's key handler follows the same table). */
export const SHORTCUTS: ReadonlyArray<{ keys: string[]; action: string }> = [
  { keys: ['J', '→'], action: 'next' },
  { keys: ['K', '←'], action: 'previous' },
  { keys: ['1', '…', '9'], action: 'level' },
  { keys: ['E'], action: 'score' },
  { keys: ['S'], action: 'suggest' },
  { keys: ['A'], action: 'useSuggestion' },
  { keys: ['Ctrl', 'Enter'], action: 'save' },
  { keys: ['?'], action: 'help' },
];

/** The list of keyboard shortcuts, opened with "?" or the button beside the queue's position. */
export function ShortcutsHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['markingQueue', 'common']);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('shortcuts.title')}
      size="md"
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <Text size="sm" c="gray.7" mb="sm">
        {t('shortcuts.intro')}
      </Text>
      <Table verticalSpacing={6} aria-label={t('shortcuts.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('shortcuts.keys')}</Table.Th>
            <Table.Th>{t('shortcuts.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SHORTCUTS.map((row) => (
            <Table.Tr key={row.action}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {row.keys.map((key, i) =>
                  key === '…' ? (
                    <Text span key={i} mx={4}>
                      …
                    </Text>
                  ) : (
                    <Kbd key={i} mr={4}>
                      {key === 'Ctrl' ? t('shortcuts.ctrl') : key}
                    </Kbd>
                  ),
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t(`shortcuts.actions.${row.action}`)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
