/**
 * Leaving the app for another site (the card provider's checkout page). One object, so a test can
 * spy on `browser.assign` (jsdom's window.location cannot be spied on).
 */
export const browser = {
  assign: (url: string): void => window.location.assign(url),
};
