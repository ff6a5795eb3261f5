import { Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { reliabilityNote } from '@vbuilder/shared';
import type {
  ItemAnalysisResult,
  ItemFlagId,
  ItemQuestionStatistics,
  ReliabilityNoteKey,
} from '@vbuilder/shared';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { useItemAnalysis } from '../api/get-item-analysis.ts';
import { formatPercent } from '../lib/numbers.ts';
import { intlLocale } from '@vbuilder/shared';

/** Below this many analysed attempts the server raises no flag (MIN_RESPONSES_FOR_FLAGS). */
const FEW_RESPONSES = 5;

type Translate = TFunction<'submissions'>;

/** A flag's short name and its explanation, in plain words. */
function FlagLine({ flag }: { flag: ItemFlagId }) {
  const { t } = useTranslation('submissions');
  const words: Record<ItemFlagId, [string, string]> = {
    negativeDiscrimination: [
      t('itemAnalysis.flags.negativeDiscrimination'),
      t('itemAnalysis.flagHelp.negativeDiscrimination'),
    ],
    lowDiscrimination: [
      t('itemAnalysis.flags.lowDiscrimination'),
      t('itemAnalysis.flagHelp.lowDiscrimination'),
    ],
    veryHard: [t('itemAnalysis.flags.veryHard'), t('itemAnalysis.flagHelp.veryHard')],
    veryEasy: [t('itemAnalysis.flags.veryEasy'), t('itemAnalysis.flagHelp.veryEasy')],
    distractorAttractsTop: [
      t('itemAnalysis.flags.distractorAttractsTop'),
      t('itemAnalysis.flagHelp.distractorAttractsTop'),
    ],
  };
  const [name, help] = words[flag];
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="sm" fw={600}>
        {name}
      </Text>
      <Text size="sm" c="gray.7">
        {help}
      </Text>
    </div>
  );
}

interface Formats {
  share: (value: number | null) => string;
  percent: (value: number | null) => string;
  index: (value: number | null) => string;
  number: (value: number) => string;
  /** Question numbers as runs: "1–3, 7". */
  runs: (runs: readonly [number, number][]) => string;
}

function formatsFor(language: string): Formats {
  const index = new Intl.NumberFormat(intlLocale(language), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  });
  const number = new Intl.NumberFormat(intlLocale(language));
  return {
    share: (value) => (value === null ? '–' : formatPercent(value * 100, language)),
    percent: (value) => (value === null ? '–' : formatPercent(value, language)),
    index: (value) => (value === null ? '–' : index.format(value)),
    number: (value) => number.format(value),
    runs: (runs) =>
      new Intl.ListFormat(language, { type: 'unit', style: 'short' }).format(
        runs.map(([from, to]) =>
          from === to ? number.format(from) : `${number.format(from)}–${number.format(to)}`,
        ),
      ),
  };
}

/**
 * The Item analysis tab of the Submissions screen: which questions worked. The
 * assessment's mean, median, standard deviation and reliability; per question its facility and
 * discrimination with what to check in plain words; for choice questions the options the top and
 * bottom 27 % chose. A table on wide screens, one card a question on a phone.
 */
export function ItemAnalysisTab({ assessmentId }: { assessmentId: string }) {
  const { t, i18n } = useTranslation('submissions');
  const phone = useMediaQuery('(max-width: 48em)');
  const analysis = useItemAnalysis(assessmentId);

  if (analysis.isError)
    return (
      <LoadErrorCard
        retryLabel={t('load.retry')}
        heading={t('load.failed')}
        error={analysis.error}
        onRetry={() => void analysis.refetch()}
        retrying={analysis.isFetching}
      />
    );
  if (!analysis.data)
    return (
      <Stack gap="sm" aria-busy>
        <Skeleton h={60} />
        <Skeleton h={200} />
      </Stack>
    );

  const a = analysis.data;
  const f = formatsFor(i18n.language);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h4">
          {t('itemAnalysis.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('itemAnalysis.intro')}
        </Text>
        {(a.pendingLeftOut > 0 || a.earlierAttemptsLeftOut > 0) && (
          <Text size="sm" c="gray.7">
            {t('itemAnalysis.leftOut', {
              pending: f.number(a.pendingLeftOut),
              earlier: f.number(a.earlierAttemptsLeftOut),
            })}
          </Text>
        )}
        {a.responses > 0 && (
          <Text size="sm" c="gray.7">
            {t('itemAnalysis.groups', { size: f.number(a.groupSize) })}
          </Text>
        )}
        {a.responses > 0 && a.responses < FEW_RESPONSES && (
          <Text size="sm" fw={600} c="gray.8">
            {t('itemAnalysis.few')}
          </Text>
        )}
      </Stack>
      {a.responses === 0 ? (
        <Text c="gray.7">{t('itemAnalysis.none')}</Text>
      ) : (
        <>
          <Summary analysis={a} t={t} f={f} />
          <Stack gap={4}>
            <Text size="sm" c="gray.7">
              {t('itemAnalysis.facilityHelp')}
            </Text>
            <Text size="sm" c="gray.7">
              {t('itemAnalysis.discriminationHelp')}
            </Text>
          </Stack>
          {phone ? (
            <Stack gap="sm">
              {a.questions.map((q) => (
                <QuestionCard key={q.id} question={q} t={t} f={f} />
              ))}
            </Stack>
          ) : (
            <QuestionTable questions={a.questions} t={t} f={f} />
          )}
          <OptionTables questions={a.questions} t={t} f={f} />
        </>
      )}
    </Stack>
  );
}

function Summary({ analysis: a, t, f }: { analysis: ItemAnalysisResult; t: Translate; f: Formats }) {
  const r = a.reliability;
  const reliability =
    r.value === null || r.method === null
      ? t('itemAnalysis.reliabilityInfo.notComputed')
      : r.method === 'kr20'
        ? t('itemAnalysis.summary.kr20', { value: f.index(r.value).replace(/^\+/, '') })
        : t('itemAnalysis.summary.alpha', { value: f.index(r.value).replace(/^\+/, '') });
  const note = reliabilityNote(r);
  const items: [string, string, string][] = [
    ['responses', t('itemAnalysis.summary.responses'), f.number(a.responses)],
    ['mean', t('itemAnalysis.summary.mean'), f.percent(a.summary.mean)],
    ['median', t('itemAnalysis.summary.median'), f.percent(a.summary.median)],
    ['sd', t('itemAnalysis.summary.sd'), f.percent(a.summary.standardDeviation)],
    ['reliability', t('itemAnalysis.summary.reliability'), reliability],
  ];
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
        {items.map(([key, label, value]) => (
          <Paper key={key} withBorder radius="md" p="sm" data-testid={`item-summary-${key}`}>
            <Text size="xs" c="gray.7">
              {label}
            </Text>
            <Text fw={700} size="lg">
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="sm" c={r.value === null ? 'gray.8' : 'gray.7'} data-testid="reliability-note">
        {reliabilityWords(t, note.key, { n: f.number(note.n), numbers: f.runs(note.runs) })}
      </Text>
      <Text size="sm" c="gray.7">
        {t('itemAnalysis.reliabilityHelp')}
      </Text>
    </Stack>
  );
}

/** The sentence under the reliability: what it was computed over, or why it was not. */
function reliabilityWords(t: Translate, key: ReliabilityNoteKey, values: { n: string; numbers: string }) {
  switch (key) {
    case 'all':
      return t('itemAnalysis.reliabilityInfo.all', values);
    case 'common':
      return t('itemAnalysis.reliabilityInfo.common', values);
    case 'tooFewResponses':
      return t('itemAnalysis.reliabilityInfo.tooFewResponses');
    case 'tooFewQuestions':
      return t('itemAnalysis.reliabilityInfo.tooFewQuestions');
    case 'noCommonQuestions':
      return t('itemAnalysis.reliabilityInfo.noCommonQuestions');
    case 'oneCommonQuestion':
      return t('itemAnalysis.reliabilityInfo.oneCommonQuestion', values);
    case 'noSpread':
      return t('itemAnalysis.reliabilityInfo.noSpread');
  }
}

/** What to check about a question: each flag in plain words, else OK (or not scored). */
function Checks({ question: q, t }: { question: ItemQuestionStatistics; t: Translate }) {
  if (q.facility === null)
    return (
      <Text size="sm" c="gray.7">
        {t('itemAnalysis.notScored')}
      </Text>
    );
  if (q.flags.length === 0)
    return (
      <Group gap={6} wrap="nowrap">
        <IconCircleCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />
        <Text size="sm">{t('itemAnalysis.ok')}</Text>
      </Group>
    );
  return (
    <Stack gap={6}>
      {q.flags.map((flag) => (
        <Group key={flag} gap={6} wrap="nowrap" align="flex-start">
          <ThemeIcon size={18} radius="xl" color="orange" variant="light" aria-hidden>
            <IconAlertTriangle size={12} />
          </ThemeIcon>
          <FlagLine flag={flag} />
        </Group>
      ))}
    </Stack>
  );
}

const negative = (value: number | null) => (value !== null && value < 0 ? 'red.9' : undefined);

function QuestionTable({
  questions,
  t,
  f,
}: {
  questions: ItemQuestionStatistics[];
  t: Translate;
  f: Formats;
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" striped aria-label={t('itemAnalysis.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th ta="right">{t('itemAnalysis.columns.number')}</Table.Th>
            <Table.Th>{t('itemAnalysis.columns.question')}</Table.Th>
            <Table.Th ta="right">{t('itemAnalysis.columns.facility')}</Table.Th>
            <Table.Th ta="right">{t('itemAnalysis.columns.discrimination')}</Table.Th>
            <Table.Th ta="right">{t('itemAnalysis.columns.upperLower')}</Table.Th>
            <Table.Th w="38%">{t('itemAnalysis.columns.check')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {questions.map((q) => (
            <Table.Tr key={q.id} data-testid={`item-row-${q.number}`}>
              <Table.Td ta="right" valign="top">
                {f.number(q.number)}
              </Table.Td>
              <Table.Td valign="top">
                <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                  {q.text}
                </Text>
              </Table.Td>
              <Table.Td ta="right" valign="top">
                {f.share(q.facility)}
              </Table.Td>
              <Table.Td ta="right" valign="top">
                <Text span size="sm" c={negative(q.discrimination)}>
                  {f.index(q.discrimination)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" valign="top">
                <Text span size="sm" c={negative(q.upperLower)}>
                  {f.index(q.upperLower)}
                </Text>
              </Table.Td>
              <Table.Td valign="top">
                <Checks question={q} t={t} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A question on a phone: its text, the three figures side by side, then what to check. */
function QuestionCard({ question: q, t, f }: { question: ItemQuestionStatistics; t: Translate; f: Formats }) {
  const figures: [string, string, string | undefined][] = [
    [t('itemAnalysis.columns.facility'), f.share(q.facility), undefined],
    [t('itemAnalysis.columns.discrimination'), f.index(q.discrimination), negative(q.discrimination)],
    [t('itemAnalysis.columns.upperLower'), f.index(q.upperLower), negative(q.upperLower)],
  ];
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`item-card-${q.number}`}>
      <Stack gap="xs">
        <Text size="sm" fw={600} lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {t('itemAnalysis.options.question', { number: f.number(q.number), text: q.text })}
        </Text>
        <SimpleGrid cols={3} spacing="xs">
          {figures.map(([label, value, color]) => (
            <div key={label}>
              <Text size="xs" c="gray.7">
                {label}
              </Text>
              <Text size="sm" fw={700} c={color}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Checks question={q} t={t} />
      </Stack>
    </Paper>
  );
}

/** For each choice question: how many of the top, bottom 27 % and all chose each option. */
function OptionTables({
  questions,
  t,
  f,
}: {
  questions: ItemQuestionStatistics[];
  t: Translate;
  f: Formats;
}) {
  const choice = questions.filter((q) => q.options && q.facility !== null);
  if (choice.length === 0) return null;
  return (
    <Stack gap="md">
      <Title order={3} size="h5">
        {t('itemAnalysis.options.title')}
      </Title>
      {choice.map((q) => {
        const caption = t('itemAnalysis.options.question', { number: f.number(q.number), text: q.text });
        const rows = [
          ...q.options!.map((o) => {
            const text =
              o.text ?? (o.id === 'true' ? t('itemAnalysis.options.true') : t('itemAnalysis.options.false'));
            return {
              key: o.id,
              label: o.correct ? t('itemAnalysis.options.correct', { text }) : text,
              ...o,
            };
          }),
          ...(q.unanswered && q.unanswered.all > 0
            ? [{ key: '∅none', correct: false, label: t('itemAnalysis.options.noAnswer'), ...q.unanswered }]
            : []),
        ];
        return (
          <Stack key={q.id} gap={4}>
            <Text size="sm" fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {caption}
            </Text>
            <Table.ScrollContainer minWidth={340}>
              <Table verticalSpacing={6} aria-label={caption} data-testid={`item-options-${q.number}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('itemAnalysis.options.option')}</Table.Th>
                    <Table.Th ta="right" w="18%">
                      {t('itemAnalysis.options.top')}
                    </Table.Th>
                    <Table.Th ta="right" w="18%">
                      {t('itemAnalysis.options.bottom')}
                    </Table.Th>
                    <Table.Th ta="right" w="12%">
                      {t('itemAnalysis.options.all')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.key}>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap" align="flex-start">
                          {row.correct && (
                            <IconCircleCheck
                              size={16}
                              color="var(--mantine-color-teal-7)"
                              aria-hidden
                              style={{ flexShrink: 0, marginTop: 2 }}
                            />
                          )}
                          <Text
                            size="sm"
                            fw={row.correct ? 600 : undefined}
                            style={{ overflowWrap: 'anywhere' }}
                          >
                            {row.label}
                          </Text>
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right">{f.number(row.upper)}</Table.Td>
                      <Table.Td ta="right">{f.number(row.lower)}</Table.Td>
                      <Table.Td ta="right">{f.number(row.all)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        );
      })}
    </Stack>
  );
}
