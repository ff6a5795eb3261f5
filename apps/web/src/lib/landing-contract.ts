/**
 * What the prerendered landing page, its boot script (scripts/served-build.ts) and the app agree on.
 * No imports: the build's config loads this file too.
 */

/**
 * Marks a control of the prerendered page whose activation the app repeats once it has taken over
 * (app/landing-shell.ts): the language picker's menu opens only with the app's code.
 */
export const REPLAY_ATTRIBUTE = 'data-landing-replay';

/**
 * The product links' addresses are the server's (GET /api/auth/config), known only when the page is
 * served: the prerendered page carries these stand-ins, hidden by CSS until the boot script puts
 * the real address in, or removes the link when none is configured.
 */
export const PRODUCT_LINK_PLACEHOLDER = 'https://vbuilder.invalid/';

/** What the boot script leaves on window for the app. */
export interface LandingBootGlobals {
  /** The page's one GET /api/auth/config: its JSON, or null when it failed. */
  vbuilderAuthConfig?: Promise<unknown>;
  /** The control (REPLAY_ATTRIBUTE's value) the visitor activated before the app was there. */
  vbuilderLandingReplay?: string;
}
