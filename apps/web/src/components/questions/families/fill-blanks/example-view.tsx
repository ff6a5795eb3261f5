import { ExampleSections } from '../../examples/example-parts.tsx';
import type { ExampleViewProps } from '../../family-ui.ts';

/** A fill-in-the-blanks example: the passage, then the blanks' answers in order. */
export function FillBlanksExampleView({ example }: ExampleViewProps) {
  return <ExampleSections example={example} orderedAnswer />;
}
