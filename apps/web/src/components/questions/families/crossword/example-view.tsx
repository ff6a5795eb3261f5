import { ExampleSections } from '../../examples/example-parts.tsx';
import type { ExampleViewProps } from '../../family-ui.ts';

/** A crossword example: the numbered clues, then the words in the same order. */
export function CrosswordExampleView({ example }: ExampleViewProps) {
  return <ExampleSections example={example} orderedOptions orderedAnswer />;
}
