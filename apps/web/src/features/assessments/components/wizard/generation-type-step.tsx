import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconHandFinger, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { GenerationType } from '@vbuilder/shared';

export interface GenerationTypeStepProps {
  value: GenerationType | null;
  onChange(value: GenerationType): void;
  error?: string;
}

const ICONS = { ai: IconSparkles, manual: IconHandFinger } as const;

/** Step 2, Choose Generation Type: AI Generation or Manual Selection. */
export function GenerationTypeStep({ value, onChange, error }: GenerationTypeStepProps) {
  const { t } = useTranslation(['assessmentEditor', 'assessments']);
  return (
    <Radio.Group
      label={t('assessmentEditor:wizard.generation.label')}
      description={t('assessmentEditor:wizard.generation.description')}
      value={value}
      onChange={(next) => onChange(next as GenerationType)}
      error={error}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="md">
        {(['ai', 'manual'] as const).map((type) => {
          const Icon = ICONS[type];
          return (
            <Radio.Card key={type} value={type} radius="lg" p="md" withBorder>
              <Group wrap="nowrap" align="flex-start" gap="md">
                <Radio.Indicator />
                <Stack gap={4}>
                  <Group gap="xs">
                    <Icon size={20} aria-hidden />
                    <Text fw={700}>{t(`assessments:generationType.${type}`)}</Text>
                  </Group>
                  <Text size="sm" c="gray.7">
                    {t(`assessmentEditor:wizard.generation.${type}Description`)}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
