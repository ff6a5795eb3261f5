import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FamilyId, OpenResponseKind, Tier } from '@vbuilder/shared';

export const TIER_COLOR: Record<Tier, string> = {
  basic: 'teal',
  professional: 'indigo',
  enterprise: 'grape',
};

/** A pale badge with dark words: the light variant's text is below 4.5:1 on its own tint. */
const tinted = (color: string): BadgeProps['styles'] => ({
  root: {
    background: `var(--mantine-color-${color}-0)`,
    color: `var(--mantine-color-${color}-9)`,
    border: `1px solid var(--mantine-color-${color}-2)`,
  },
});

const common = { variant: 'light', radius: 'sm', tt: 'none', miw: 'max-content' } as const;

export function TierBadge({ tier, size = 'sm' }: { tier: Tier; size?: BadgeProps['size'] }) {
  const { t } = useTranslation('questionTypes');
  const color = TIER_COLOR[tier];
  return (
    <Badge {...common} size={size} styles={tinted(color)} data-tier={tier}>
      {t(`tiers.${tier}`)}
    </Badge>
  );
}

/** The family, and for open responses how students answer (written, code, recording...). */
export function FamilyBadges({
  family,
  responseKind,
}: {
  family: FamilyId;
  responseKind?: OpenResponseKind | null;
}) {
  const { t } = useTranslation('questionTypes');
  return (
    <>
      <Badge {...common} size="sm" styles={tinted('gray')} data-family={family}>
        {t(`families.${family}`)}
      </Badge>
      {responseKind ? (
        <Badge {...common} size="sm" styles={tinted('blue')}>
          {t(`responseKinds.${responseKind}`)}
        </Badge>
      ) : null}
    </>
  );
}
