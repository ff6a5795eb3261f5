import { ExampleSections } from '../../examples/example-parts.tsx';
import type { ExampleViewProps } from '../../family-ui.ts';

/** A choice example: the options (or the image and its choices) and the right option(s). */
export function ChoiceExampleView({ example }: ExampleViewProps) {
  return <ExampleSections example={example} />;
}
