import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// Mantine's styles in its cascade layer: our CSS modules then win over them whatever order the
// build links the files in (the shell's chunk CSS comes before the entry's; issue 15).
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import './global.css';
import '../lib/i18n.ts';
import { hasLandingShell, releaseLandingShell } from './landing-shell.ts';
import { Providers } from './providers.tsx';
import { AppRouter } from './router.tsx';

const root = document.getElementById('root')!;
// index.html's spinner covered the wait for this code; from here the app shows its own states.
document.getElementById('boot-spinner')?.remove();
const app = (
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>
);

// The first render builds the providers and the shell: as a transition React does it in small
// slices, so the page keeps answering meanwhile (issue 15, blocking time on a slow phone). Over
// the prerendered landing page (its boot script loaded us after it was painted), the app is built
// behind the page, which stays on screen until the app shows a screen of its own.
if (hasLandingShell()) releaseLandingShell(root);
startTransition(() => createRoot(root).render(app));
