/** How long each thing the identity provider issues lives, in seconds. */
export const TTL = {
  accessToken: 15 * 60,
  idToken: 15 * 60,
  authorizationCode: 60,
  /** A refresh token unused for this long dies; each use rotates it and restarts the clock... */
  refreshTokenIdle: 8 * 60 * 60,
  /** ...but never beyond this after the sign-in that started the chain. */
  refreshTokenAbsolute: 24 * 60 * 60,
  session: 8 * 60 * 60,
  interaction: 60 * 60,
} as const;
