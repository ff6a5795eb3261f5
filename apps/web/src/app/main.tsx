import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// Mantine's styles in its cascade layer: our CSS modules then win over them whatever order the
// build links the files in (the shell's chunk CSS comes before the entry's). Here only
// its reset, variables and utility classes: each component's rules come with the code that renders
// it (scripts/mantine-styles.ts).
import 'virtual:mantine-styles.css';
import './global.css';
import '../lib/i18n.ts';
import { hasLandingShell, releaseLandingShell } from './landing-shell.ts';
import { Providers } from './providers.tsx';
import { AppRouter, appRouter } from './router.tsx';

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
// slices, so the page keeps answering meanwhile (blocking time on a slow phone). Over
// the prerendered landing page (its boot script loaded us after it was painted), the app is built
// behind the page, which stays on screen until the app shows a screen of its own.
if (hasLandingShell()) releaseLandingShell(root);

// Evaluating this code, starting the first navigation and rendering are three tasks, not one long
// one a slow phone stays unresponsive through (Total Blocking Time). The router comes
// first, so its loaders (the attempt on a reload mid-exam) start before the render. A message, not
// a timer: a tab opened in the background does not hold messages back as it does timers.
const next = new MessageChannel();
next.port1.onmessage = () => {
  appRouter();
  startTransition(() => createRoot(root).render(app));
};
next.port2.postMessage(null);
