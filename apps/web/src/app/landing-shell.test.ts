import { afterEach, describe, expect, it } from 'vitest';
import { hasLandingShell, releaseLandingShell } from './landing-shell.ts';

/** The page as the build writes landing/<lng>.html: the prerendered page, then the app's root. */
function page() {
  document.body.innerHTML = '<div id="landing-shell"><h1>Welcome to vbuilder</h1></div><div id="root"></div>';
  return document.getElementById('root')!;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the prerendered landing page', () => {
  it('stays while the app shows nothing or its loading screen, and goes when the app shows its page', async () => {
    const root = page();
    expect(hasLandingShell()).toBe(true);
    releaseLandingShell(root);

    root.innerHTML = '<style>.x{}</style><div role="status">Loading your workspace...</div>';
    await settle();
    expect(hasLandingShell()).toBe(true);
    root.innerHTML = '';
    await settle();
    expect(hasLandingShell()).toBe(true);

    root.innerHTML = '<div data-landing><h1>Welcome to vbuilder</h1></div>';
    await settle();
    expect(hasLandingShell()).toBe(false);
  });

  it('goes for any other screen too (a signed-in visitor sent on, an error screen)', async () => {
    const root = page();
    releaseLandingShell(root);
    root.innerHTML = '<main><h1>Something went wrong</h1></main>';
    await settle();
    expect(hasLandingShell()).toBe(false);
  });

  it("does nothing on the app's other pages, which have none", () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(hasLandingShell()).toBe(false);
    expect(() => releaseLandingShell(document.getElementById('root')!)).not.toThrow();
  });
});
