import { QuestionExamplesScreen } from '../../features/questions/screens/question-examples-screen.tsx';

/** /account/questiontype/questionexamples: an example per question type, to copy as a template. */
export function Component() {
  return <QuestionExamplesScreen />;
}
