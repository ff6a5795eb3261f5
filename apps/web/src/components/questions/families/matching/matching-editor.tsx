import { Stack, Text, TextInput } from '@mantine/core';
import { IconArrowsLeftRight } from '@tabler/icons-react';
import { matchingAnswerIds, type MatchingConfig, type MatchingPair } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import type { EditorProps } from '../../family-ui.ts';
import { newPartId, removeAt, replaceAt, useFieldErrors } from '../../editors/editor-utils.ts';
import { EditableList, EditableListRow } from '../../editors/editable-list.tsx';
import { TextListEditor } from '../../editors/text-list-editor.tsx';

export const MATCHING_MIN_PAIRS = 2;
export const MATCHING_MAX_PAIRS = 30;
export const MATCHING_MAX_DISTRACTORS = 10;

/**
 * Matching pairs: each prompt with the match that belongs to it (students see the matches
 * shuffled), plus optional distractors, extra matches that belong to no prompt. Prompts may share
 * a match: the teacher writes it again, and every prompt sharing it says so under its match, so a
 * typo (two different answers) or a case variant (one answer) is seen while writing.
 */
export function MatchingEditor({ question, onChange, errors }: EditorProps<MatchingConfig>) {
  const { t } = useTranslation('questions');
  const errorFor = useFieldErrors(errors);
  const config = question.config;
  const pairs = config.pairs ?? [];
  const distractors = config.distractors ?? [];
  const update = (patch: Partial<MatchingConfig>) =>
    onChange({ ...question, config: { ...config, ...patch } });
  const setPair = (index: number, pair: MatchingPair) => update({ pairs: replaceAt(pairs, index, pair) });

  // Prompt numbers (1-based) by the answer their match is: more than one is a shared match.
  const answerOf = matchingAnswerIds(pairs.map((p) => ({ id: p.id, match: p.match ?? '' })));
  const sharers = new Map<string, number[]>();
  pairs.forEach((pair, index) => {
    if (!(pair.match ?? '').trim()) return;
    const answer = answerOf.get(pair.id)!;
    sharers.set(answer, [...(sharers.get(answer) ?? []), index + 1]);
  });
  const sharedBy = (pair: MatchingPair) => {
    const numbers = sharers.get(answerOf.get(pair.id) ?? '') ?? [];
    return numbers.length > 1 ? t('editors.matching.sharedBy', { prompts: numbers.join(', ') }) : undefined;
  };

  const add = () => {
    const pair = { id: newPartId(pairs.map((p) => p.id)), prompt: '', match: '' };
    update({ pairs: [...pairs, pair] });
    return pair;
  };

  return (
    <Stack gap="lg">
      <EditableList
        legend={t('editors.matching.pairs')}
        description={t('editors.matching.pairsHint')}
        error={errorFor('config.pairs')}
        items={pairs}
        rowKey={(pair) => pair.id}
        itemName={(index) => t('editors.matching.pairName', { n: index + 1 })}
        addLabel={t('editors.matching.addPair')}
        onAdd={add}
        onRemove={(index) => update({ pairs: removeAt(pairs, index) })}
        min={MATCHING_MIN_PAIRS}
        max={MATCHING_MAX_PAIRS}
        renderRow={(pair, index, row) => {
          const n = index + 1;
          return (
            <EditableListRow
              card
              columns={2}
              controls={row.controls}
              leading={
                <Text
                  fw={600}
                  size="sm"
                  c="dimmed"
                  w={20}
                  pt={8}
                  ta="center"
                  aria-hidden
                  style={{ flexShrink: 0 }}
                >
                  {n}
                </Text>
              }
            >
              <TextInput
                ref={row.inputRef}
                aria-label={t('editors.matching.promptName', { n })}
                placeholder={t('editors.matching.promptPlaceholder')}
                value={pair.prompt}
                maxLength={1000}
                onChange={(event) => setPair(index, { ...pair, prompt: event.currentTarget.value })}
                error={errorFor(`config.pairs.${index}.prompt`)}
              />
              <TextInput
                aria-label={t('editors.matching.matchName', { n })}
                placeholder={t('editors.matching.matchPlaceholder')}
                leftSection={<IconArrowsLeftRight size={16} aria-hidden />}
                value={pair.match}
                maxLength={1000}
                onChange={(event) => setPair(index, { ...pair, match: event.currentTarget.value })}
                description={sharedBy(pair)}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                error={errorFor(`config.pairs.${index}.match`)}
              />
            </EditableListRow>
          );
        }}
      />

      <TextListEditor
        legend={t('editors.matching.distractors')}
        description={t('editors.matching.distractorsHint')}
        itemName={(n) => t('editors.matching.distractorName', { n })}
        addLabel={t('editors.matching.addDistractor')}
        placeholder={t('editors.matching.distractorPlaceholder')}
        values={distractors}
        onChange={(next) => update({ distractors: next })}
        max={MATCHING_MAX_DISTRACTORS}
        maxLength={1000}
        listError={errorFor('config.distractors')}
        itemError={(i) => errorFor(`config.distractors.${i}`)}
      />
    </Stack>
  );
}
