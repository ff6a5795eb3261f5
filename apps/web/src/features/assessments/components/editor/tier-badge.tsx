import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { tierLabelKey, type Tier } from '@vbuilder/shared';

const TIER_COLOR: Record<Tier, string> = { basic: 'teal', professional: 'indigo', enterprise: 'grape' };

/** The plan tier a question type needs, as on the question types screen (dark words on a pale tint). */
export function TierBadge({ tier }: { tier: Tier }) {
  const { t } = useTranslation('questionTypes');
  const color = TIER_COLOR[tier];
  return (
    <Badge
      size="xs"
      radius="sm"
      tt="none"
      miw="max-content"
      styles={{
        root: {
          background: `var(--mantine-color-${color}-0)`,
          color: `var(--mantine-color-${color}-9)`,
          border: `1px solid var(--mantine-color-${color}-2)`,
        },
      }}
    >
      {t(tierLabelKey(tier))}
    </Badge>
  );
}
