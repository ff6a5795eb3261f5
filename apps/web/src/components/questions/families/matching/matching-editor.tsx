import { Box, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowsLeftRight, IconPlus } from '@tabler/icons-react';
import type { MatchingConfig, MatchingPair } from '@vbuilder/shared';
import { useTranslation } from 'react-i18next';
import type { EditorProps } from '../../family-ui.ts';
import { newPartId, removeAt, replaceAt, useFieldErrors } from '../../editors/editor-utils.ts';
import { PartControls } from '../../editors/part-controls.tsx';
import { EditorSection } from '../../editors/section.tsx';
import { TextListEditor } from '../../editors/text-list-editor.tsx';
import { usePendingFocus } from '../../editors/use-pending-focus.ts';

export const MATCHING_MIN_PAIRS = 2;
export const MATCHING_MAX_PAIRS = 30;
export const MATCHING_MAX_DISTRACTORS = 10;

/**
 * Matching pairs: each prompt with the match that belongs to it (students see the matches
 * shuffled), plus optional distractors, extra matches that belong to no prompt.
 */
export function MatchingEditor({ question, onChange, errors }: EditorProps<MatchingConfig>) {
  const { t } = useTranslation('questions');
  const errorFor = useFieldErrors(errors);
  const focus = usePendingFocus();
  const config = question.config;
  const pairs = config.pairs ?? [];
  const distractors = config.distractors ?? [];
  const update = (patch: Partial<MatchingConfig>) =>
    onChange({ ...question, config: { ...config, ...patch } });
  const setPair = (index: number, pair: MatchingPair) => update({ pairs: replaceAt(pairs, index, pair) });

  const add = () => {
    const id = newPartId(pairs.map((pair) => pair.id));
    update({ pairs: [...pairs, { id, prompt: '', match: '' }] });
    focus.focusFirst([`${id}:prompt`]);
  };

  return (
    <Stack gap="lg">
      <EditorSection
        legend={t('editors.matching.pairs')}
        description={t('editors.matching.pairsHint')}
        error={errorFor('config.pairs')}
      >
        {pairs.map((pair, index) => {
          const n = index + 1;
          const name = t('editors.matching.pairName', { n });
          return (
            <Paper key={pair.id} withBorder radius="md" p="xs">
              <Group gap="xs" align="flex-start" wrap="nowrap">
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
                <SimpleGrid
                  cols={{ base: 1, sm: 2 }}
                  spacing="xs"
                  verticalSpacing={6}
                  style={{ flex: 1, minWidth: 0 }}
                >
                  <TextInput
                    ref={focus.register(`${pair.id}:prompt`)}
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
                    error={errorFor(`config.pairs.${index}.match`)}
                  />
                </SimpleGrid>
                <Box pt={4}>
                  <PartControls
                    rowKey={pair.id}
                    name={name}
                    index={index}
                    count={pairs.length}
                    focus={focus}
                    onRemove={(i) => update({ pairs: removeAt(pairs, i) })}
                    canRemove={pairs.length > MATCHING_MIN_PAIRS}
                    focusKeyOf={(i) => (pairs[i] ? `${pairs[i].id}:prompt` : null)}
                  />
                </Box>
              </Group>
            </Paper>
          );
        })}
        <Group>
          <Button
            ref={focus.register('add')}
            variant="light"
            size="xs"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={add}
            disabled={pairs.length >= MATCHING_MAX_PAIRS}
          >
            {t('editors.matching.addPair')}
          </Button>
        </Group>
      </EditorSection>

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
