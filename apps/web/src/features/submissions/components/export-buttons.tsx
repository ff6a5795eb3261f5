import { Button, Group, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconChevronDown,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypePdf,
  IconTableExport,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDownloadResults, type ResultFileKind } from '../api/download-results.ts';

/** Export results (CSV or Excel) and Download report (PDF), each saved as a real file. */
export function ExportButtons({ assessmentId, title }: { assessmentId: string; title: string }) {
  const { t } = useTranslation('submissions');
  const download = useDownloadResults();
  const busy = download.isPending ? download.variables.kind : null;

  const save = (kind: ResultFileKind) =>
    download.mutate(
      { assessmentId, title, kind },
      {
        onError: () =>
          notifications.show({
            color: 'red',
            title: t('actions.downloadFailedTitle'),
            message: t('actions.downloadFailed'),
          }),
      },
    );

  return (
    <Group gap="sm" wrap="wrap">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconTableExport size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            loading={busy === 'csv' || busy === 'xlsx'}
          >
            {t('actions.export')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconFileText size={16} aria-hidden />} onClick={() => save('csv')}>
            {t('actions.exportCsv')}
          </Menu.Item>
          <Menu.Item leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={() => save('xlsx')}>
            {t('actions.exportXlsx')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Button
        variant="light"
        leftSection={<IconFileTypePdf size={16} aria-hidden />}
        loading={busy === 'pdf'}
        onClick={() => save('pdf')}
      >
        {t('actions.report')}
      </Button>
    </Group>
  );
}
