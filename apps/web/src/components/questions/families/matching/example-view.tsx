import { ExampleSections } from '../../examples/example-parts.tsx';
import type { ExampleViewProps } from '../../family-ui.ts';

/** A matching example: prompts and matches, then one line per prompt and its match. */
export function MatchingExampleView({ example }: ExampleViewProps) {
  return <ExampleSections example={example} />;
}
