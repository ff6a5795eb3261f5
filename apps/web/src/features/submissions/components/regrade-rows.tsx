import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowRight, IconAward, IconAwardOff, IconLock } from '@tabler/icons-react';
import type { RegradeFigures, RegradeRow } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import { formatPercent, formatPoints } from '../lib/numbers.ts';
import { ResultBadge } from './result-badge.tsx';

/** "1 / 5 (20 %)": an attempt's score on one side of a regrade. */
function Score({ figures }: { figures: RegradeFigures }) {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatPoints(figures.score, lng)} / {formatPoints(figures.maxScore, lng)} (
      {formatPercent(figures.percentage, lng)})
    </Text>
  );
}

const Arrow = () => <IconArrowRight size={14} aria-hidden style={{ flex: 'none' }} />;

/** Before → after, with words for screen readers ("from … to …"). */
function Change({
  before,
  after,
  label,
}: {
  before: React.ReactNode;
  after: React.ReactNode;
  label: string;
}) {
  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label={label}>
      {before}
      <Arrow />
      {after}
    </Group>
  );
}

function Notes({ row }: { row: RegradeRow }) {
  const { t } = useTranslation('regrades');
  return (
    <Group gap={6}>
      {row.teacherMarkKept && (
        <Badge color="gray" variant="light" leftSection={<IconLock size={12} aria-hidden />}>
          {t('rows.teacherMarkKept')}
        </Badge>
      )}
      {row.certificate === 'give' && (
        <Badge color="teal" variant="light" leftSection={<IconAward size={12} aria-hidden />}>
          {t('rows.certificateGiven')}
        </Badge>
      )}
      {row.certificate === 'revoke' && (
        <Badge color="orange" variant="light" leftSection={<IconAwardOff size={12} aria-hidden />}>
          {t('rows.certificateRevoked')}
        </Badge>
      )}
    </Group>
  );
}

/**
 * The attempts of a regrade, each before → after (question mark, score, pass): a table on wide
 * screens, one card per student on a phone.
 */
export function RegradeRows({ rows, caption }: { rows: RegradeRow[]; caption: string }) {
  const { t, i18n } = useTranslation(['regrades', 'submissions']);
  const phone = useMediaQuery('(max-width: 48em)');
  const lng = i18n.language;
  // The notes column only when some row has a note (a kept teacher's mark, a certificate).
  const withNotes = rows.some((r) => r.teacherMarkKept || r.certificate);
  const questionMark = (f: RegradeFigures) =>
    `${formatPoints(f.questionScore, lng)} / ${formatPoints(f.questionMax, lng)}`;
  const labels = (row: RegradeRow) => ({
    question: t('rows.questionChange', { before: questionMark(row.before), after: questionMark(row.after) }),
    score: t('rows.scoreChange', {
      before: formatPercent(row.before.percentage, lng),
      after: formatPercent(row.after.percentage, lng),
    }),
    result: t('rows.resultChange', {
      before: resultWord(row.before.passed),
      after: resultWord(row.after.passed),
    }),
  });
  const resultWord = (passed: boolean | null) =>
    passed === null
      ? t('submissions:values.pending')
      : passed
        ? t('submissions:values.passed')
        : t('submissions:values.failed');

  if (phone) {
    return (
      <Stack gap="sm" role="list" aria-label={caption}>
        {rows.map((row) => {
          const label = labels(row);
          return (
            <Card key={row.attemptId} withBorder radius="md" p="sm" role="listitem">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {row.student.name || row.student.email}
              </Text>
              <Text size="xs" c="gray.7" mb={6}>
                {t('rows.attempt', { number: row.number })}
              </Text>
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" c="gray.7">
                    {t('rows.question')}
                  </Text>
                  <Change
                    before={questionMark(row.before)}
                    after={questionMark(row.after)}
                    label={label.question}
                  />
                </Group>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" c="gray.7">
                    {t('rows.score')}
                  </Text>
                  <Change
                    before={formatPercent(row.before.percentage, lng)}
                    after={<b>{formatPercent(row.after.percentage, lng)}</b>}
                    label={label.score}
                  />
                </Group>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" c="gray.7">
                    {t('rows.result')}
                  </Text>
                  <Change
                    before={<ResultBadge passed={row.before.passed} />}
                    after={<ResultBadge passed={row.after.passed} />}
                    label={label.result}
                  />
                </Group>
                <Notes row={row} />
              </Stack>
            </Card>
          );
        })}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" striped>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('rows.student')}</Table.Th>
            <Table.Th>{t('rows.question')}</Table.Th>
            <Table.Th>{t('rows.score')}</Table.Th>
            <Table.Th>{t('rows.result')}</Table.Th>
            {withNotes && <Table.Th>{t('rows.notes')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const label = labels(row);
            return (
              <Table.Tr key={row.attemptId}>
                <Table.Td>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {row.student.name || row.student.email}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {t('rows.attempt', { number: row.number })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Change
                    before={questionMark(row.before)}
                    after={questionMark(row.after)}
                    label={label.question}
                  />
                </Table.Td>
                <Table.Td>
                  <Change
                    before={<Score figures={row.before} />}
                    after={<Score figures={row.after} />}
                    label={label.score}
                  />
                </Table.Td>
                <Table.Td>
                  <Change
                    before={<ResultBadge passed={row.before.passed} />}
                    after={<ResultBadge passed={row.after.passed} />}
                    label={label.result}
                  />
                </Table.Td>
                {withNotes && (
                  <Table.Td>
                    <Notes row={row} />
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
