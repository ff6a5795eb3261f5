import { MarkingQueueScreen } from '../../features/submissions/components/marking-queue/marking-queue-screen.tsx';

/** /account/marking-queue: every answer that waits for a person, across the organization's assessments. */
export function Component() {
  return <MarkingQueueScreen />;
}
