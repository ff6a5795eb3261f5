import { ExampleSections } from '../../examples/example-parts.tsx';
import type { ExampleViewProps } from '../../family-ui.ts';

/** An ordering example: the jumbled items, then the correct order as a numbered list. */
export function OrderingExampleView({ example }: ExampleViewProps) {
  return <ExampleSections example={example} orderedAnswer />;
}
