import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

// The web test files share a worker and its document (isolate: false in vite.config.ts: it halves
// the run, most of which went on loading Mantine, React and jsdom again for every file). Our own
// modules are loaded afresh for each file, so a file's vi.mock applies and no module state carries
// over (the libraries in node_modules stay loaded); setup's own imports come after the reset so the
// file and setup share one mock server. Each file starts from what a fresh page would have:
// English, empty storage and cookies, real timers.
vi.resetModules();
const { default: i18n, i18nReady, NAMESPACES } = await import('../lib/i18n.ts');
const { endTest, server, startServer } = await import('./msw-server.ts');
const { resetAuthConfig } = await import('../lib/auth/auth-config.ts');
// Notifications live in a store of the (shared) library, not in the rendered tree.
const { notifications } = await import('@mantine/notifications');

beforeAll(async () => {
  notifications.clean();
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.title = '';
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  await i18nReady;
  await i18n.changeLanguage('en');
  // The app fetches a namespace with its route; a component rendered alone has all of English at once.
  await i18n.loadNamespaces([...NAMESPACES]);
});

// Component tests reach the API through the real client and a mock server (msw-server.ts).
beforeAll(() => startServer());
afterEach(() => {
  cleanup();
  endTest();
  // GET /api/auth/config is asked once per page: each test is a new page.
  resetAuthConfig();
});
afterAll(() => server.close());

/**
 * Whether a media query's width conditions hold for jsdom's window (1024 px wide: a desktop, where
 * the side menu is a fixed column); anything else does not match.
 */
function widthQueryMatches(query: string): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(em|px)\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, bound, value, unit]) => {
    const px = Number(value) * (unit === 'em' ? 16 : 1);
    return bound === 'min' ? window.innerWidth >= px : window.innerWidth <= px;
  });
}

// jsdom lacks these browser APIs that Mantine uses.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: widthQueryMatches(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView ??= () => {};

// Mantine's autosize textarea reads document.fonts, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { ready: Promise.resolve(), addEventListener: () => {}, removeEventListener: () => {} },
  });
}
