import { useTranslation } from 'react-i18next';
import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';

/** The vbuilder mark and name, as on the public account pages. */
export function Brand({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const { t } = useTranslation('common');
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon
        size={size === 'sm' ? 28 : 34}
        radius="md"
        variant="gradient"
        gradient={{ from: 'indigo', to: 'violet' }}
        aria-hidden
      >
        <IconChecklist size={size === 'sm' ? 18 : 21} />
      </ThemeIcon>
      <Text fw={800} fz={size === 'sm' ? 'lg' : 'xl'} lh={1}>
        {t('brand')}
      </Text>
    </Group>
  );
}
