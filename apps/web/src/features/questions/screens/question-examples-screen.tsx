import { useEffect, useMemo, useRef } from 'react';
import { Paper, Select, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  exampleAsJson5Text,
  getQuestionType,
  TIERS,
  type QuestionExample,
  type QuestionTypeId,
} from '@vbuilder/shared';
import { LoadErrorCard } from '../../../components/load-error-card.tsx';
import { useQuestionExamples } from '../api/get-question-examples.ts';
import { ExampleErrorBoundary } from './example-error-boundary.tsx';
import { ExampleView } from './example-view.tsx';
import classes from './question-examples-screen.module.css';

export interface ExampleEntry {
  typeId: QuestionTypeId;
  /** JSON5 text (single quotes, unquoted keys): shown parsed, copied as it is. */
  text: string;
}

/** The API's examples as the text a teacher copies. */
export const entriesOf = (examples: { typeId: QuestionTypeId; example: QuestionExample }[]): ExampleEntry[] =>
  examples.map(({ typeId, example }) => ({ typeId, text: exampleAsJson5Text(example) }));

/**
 * /account/questiontype/questionexamples (docs/product/screens.md "Question examples"): an example per question
 * type to copy as a template, one vertical tab each.
 */
export function QuestionExamplesScreen() {
  const { t } = useTranslation('questions');
  const examples = useQuestionExamples();
  const entries = useMemo(() => (examples.data ? entriesOf(examples.data.examples) : null), [examples.data]);

  return (
    <Stack gap="lg" maw={1280} mx="auto" w="100%">
      <div>
        <Title order={1} size="h2">
          {t('examples.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('examples.subtitle')}
        </Text>
      </div>
      {entries ? (
        <ExampleTabs entries={entries} />
      ) : examples.isError ? (
        <LoadErrorCard
          heading={t('examples.loadFailed')}
          retryLabel={t('examples.retry')}
          error={examples.error}
          onRetry={() => void examples.refetch()}
          retrying={examples.isFetching}
        />
      ) : (
        <Paper withBorder radius="lg" p="md" aria-busy="true" aria-label={t('examples.loading')}>
          <Stack gap="sm">
            <Skeleton height={28} width="40%" />
            <Skeleton height={16} width="25%" />
            <Skeleton height={120} />
            <Skeleton height={80} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/**
 * One tab per type. Wide screens get the vertical tab list (arrow keys move between tabs); on a
 * phone a tab per type would push the example far down, so a searchable select takes its place.
 * The chosen type is kept in the address (?type=…) so an example can be linked to.
 */
export function ExampleTabs({ entries }: { entries: ExampleEntry[] }) {
  const { t } = useTranslation(['questions', 'questionTypes']);
  const [params, setParams] = useSearchParams();
  const requested = params.get('type');
  const active = entries.find((e) => e.typeId === requested)?.typeId ?? entries[0]?.typeId ?? null;

  const listRef = useRef<HTMLDivElement>(null);

  // A linked example (?type=…) may sit below the fold of the scrolling tab list: bring it into view.
  useEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list || !tab) return;
    // The part of the list on screen: the list may start below the header and end below the fold.
    const listBox = list.getBoundingClientRect();
    const top = Math.max(listBox.top, 0);
    const bottom = Math.min(listBox.bottom, window.innerHeight);
    const tabBox = tab.getBoundingClientRect();
    if (tabBox.top < top || tabBox.bottom > bottom) {
      list.scrollTop += tabBox.top - top - (bottom - top - tabBox.height) / 2;
    }
  }, [active]);

  const select = (typeId: string | null) => {
    if (!typeId) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('type', typeId);
        return next;
      },
      { replace: true },
    );
  };

  const labelOf = (typeId: QuestionTypeId) => t(getQuestionType(typeId).labelKey);
  const groups = TIERS.map((tier) => ({
    group: t(`questionTypes:tiers.${tier}`),
    items: entries
      .filter((e) => getQuestionType(e.typeId).tier === tier)
      .map((e) => ({ value: e.typeId, label: labelOf(e.typeId) })),
  })).filter((g) => g.items.length > 0);

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
      <Tabs
        value={active}
        onChange={select}
        orientation="vertical"
        variant="pills"
        keepMounted={false}
        classNames={{
          root: classes.root,
          list: classes.list,
          tab: classes.tab,
          tabLabel: classes.tabLabel,
          panel: classes.panel,
        }}
      >
        <Tabs.List ref={listRef} visibleFrom="sm" aria-label={t('questions:examples.tabsLabel')}>
          {entries.map((entry) => (
            <Tabs.Tab key={entry.typeId} value={entry.typeId}>
              {labelOf(entry.typeId)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Select
          hiddenFrom="sm"
          className={classes.select}
          label={t('questions:examples.selectLabel')}
          data={groups}
          value={active}
          onChange={select}
          searchable
          // Typing replaces the current type's name instead of appending to it.
          onFocus={(event) => event.currentTarget.select()}
          allowDeselect={false}
          nothingFoundMessage={t('questions:examples.nothingFound')}
          maxDropdownHeight={360}
          comboboxProps={{ withinPortal: true }}
        />
        {entries.map((entry) => (
          <Tabs.Panel key={entry.typeId} value={entry.typeId}>
            <ExampleErrorBoundary key={entry.typeId}>
              <ExampleView typeId={entry.typeId} text={entry.text} />
            </ExampleErrorBoundary>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}
