import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';

/** The modals manager on its own (its own chunk): tells ModalsHost once it listens. */
export default function LoadedModalsProvider({ onListening }: { onListening: () => void }) {
  // Runs after ModalsProvider's own effects, which add its event listeners (children first).
  useEffect(onListening, [onListening]);
  return <ModalsProvider />;
}
