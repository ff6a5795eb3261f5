import { Tooltip, type TooltipProps } from '@mantine/core';

/** Mantine's Tooltip as its own chunk (after-first-interaction.tsx). */
export default function DeferredTooltipBody(props: TooltipProps) {
  return <Tooltip {...props} />;
}
