import { useMemo } from 'react';
import { Alert, Anchor, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  exampleToQuestion,
  getQuestionType,
  QuestionSchema,
  type Question,
  type QuestionExample,
  type QuestionTypeId,
} from '@vbuilder/shared';
import { QuestionPlayground } from './question-playground.tsx';
import { EXAMPLES_PATH } from './paths.ts';
import { FamilyBadges, TierBadge } from './type-badges.tsx';

/** The example as a question of its type, or null when it does not make a valid question. */
export function exampleQuestion(typeId: QuestionTypeId, example: QuestionExample): Question | null {
  try {
    const parsed = QuestionSchema.safeParse(exampleToQuestion(example, `example-${typeId}`));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

interface Props {
  opened: boolean;
  /** The type shown; kept after closing so the drawer does not go blank while it slides away. */
  typeId: QuestionTypeId | null;
  /** The type's example; undefined while the examples load. */
  example: QuestionExample | undefined;
  examplesFailed: boolean;
  onClose: () => void;
}

/**
 * The live preview of a type: its example as a real question, answered and marked exactly as a
 * student's answer would be. From the side on wide screens, full screen on a phone.
 */
export function TypePreviewDrawer({ opened, typeId, example, examplesFailed, onClose }: Props) {
  const { t } = useTranslation(['questions', 'questionTypes']);
  const phone = useMediaQuery('(max-width: 47.99em)');
  const type = typeId ? getQuestionType(typeId) : null;
  const question = useMemo(
    () => (typeId && example ? exampleQuestion(typeId, example) : null),
    [typeId, example],
  );

  return (
    <Drawer.Root
      opened={opened && typeId !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
    >
      <Drawer.Overlay />
      <Drawer.Content>
        {/* Not a <header> banner: the page already has one (the top bar). */}
        <Drawer.Header role="presentation">
          <Drawer.Title fw={700} fz="lg">
            {type ? t('questions:typesScreen.preview.title', { type: t(type.labelKey) }) : ''}
          </Drawer.Title>
          <Drawer.CloseButton aria-label={t('questions:typesScreen.preview.close')} />
        </Drawer.Header>
        <Drawer.Body>
          {type ? (
            <Stack gap="md">
              <Group gap={6}>
                <TierBadge tier={type.tier} />
                <FamilyBadges family={type.family} responseKind={type.responseKind} />
              </Group>
              <Text size="sm" c="dimmed">
                {t(type.descriptionKey)}
              </Text>
              {question ? (
                <QuestionPlayground key={type.id} initial={question} idPrefix={`preview-${type.id}`} />
              ) : examplesFailed || example ? (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertTriangle size={20} aria-hidden />}
                  role="alert"
                >
                  {t('questions:typesScreen.preview.unavailable')}
                </Alert>
              ) : (
                <Stack gap="sm" aria-busy="true" aria-label={t('questions:typesScreen.preview.loading')}>
                  <Skeleton height={20} width="80%" />
                  <Skeleton height={140} />
                </Stack>
              )}
              <Anchor component={Link} to={`${EXAMPLES_PATH}?type=${type.id}`} size="sm">
                {t('questions:typesScreen.preview.seeExample')}
              </Anchor>
            </Stack>
          ) : null}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
