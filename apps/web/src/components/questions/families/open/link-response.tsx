import { Anchor, Group, Paper, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ResponsePartProps } from './open-types.ts';
import { safeUrl } from './open-utils.ts';
import { RichTextResponse } from './rich-text-response.tsx';

/**
 * An activity elsewhere (VR assignment, virtual field trip, simulation): the link opens in a new
 * tab, and the student writes about what they did there.
 */
export function LinkResponse({ answer, config, update, disabled, idPrefix }: ResponsePartProps) {
  const { t } = useTranslation('questions');
  const href = safeUrl(config.link?.url);
  const label = config.link?.label?.trim() || t('openPlayer.link.open');

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" radius="md" size={36}>
            <IconWorld size={20} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            {href ? (
              <Anchor
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                fw={600}
                style={{ overflowWrap: 'anywhere' }}
              >
                {label} <IconExternalLink size={14} style={{ verticalAlign: 'middle' }} aria-hidden />
                <VisuallyHidden>{t('openPlayer.link.newTab')}</VisuallyHidden>
              </Anchor>
            ) : (
              <Text fw={600} c="dimmed">
                {t('openPlayer.link.missing')}
              </Text>
            )}
            <Text size="sm" c="dimmed" mt={2}>
              {t('openPlayer.link.intro')}
            </Text>
          </div>
        </Group>
      </Paper>
      <RichTextResponse
        id={`${idPrefix}-text`}
        label={t('openPlayer.link.responseLabel')}
        value={answer.text}
        onChange={(text) => update({ text })}
        maxWords={config.maxWords}
        disabled={disabled}
      />
    </Stack>
  );
}
