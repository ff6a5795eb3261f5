import { ExampleSections } from '../../examples/example-parts.tsx';
import type { ExampleViewProps } from '../../family-ui.ts';

/** A short-answer example: no options, the accepted answer(s). */
export function ShortAnswerExampleView({ example }: ExampleViewProps) {
  return <ExampleSections example={example} />;
}
