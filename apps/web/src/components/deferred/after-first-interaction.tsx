import type { ReactElement } from 'react';
import type { TooltipProps } from '@mantine/core';
import { useAfterFirstInteraction } from './first-interaction.ts';

const loadTooltip = () => import('./tooltip.tsx').then((m) => m.default);

/**
 * A Mantine Tooltip that comes with the first interaction (a tooltip shows on hover or focus,
 * which is one). Until then the child alone; its accessible name never depends on the tooltip.
 */
export function DeferredTooltip({ children, ...props }: TooltipProps & { children: ReactElement }) {
  const Tooltip = useAfterFirstInteraction(loadTooltip);
  return Tooltip ? <Tooltip {...props}>{children}</Tooltip> : children;
}
