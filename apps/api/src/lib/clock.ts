/** Time comes from here so that tests can move it (deadlines, link expiry, rate windows). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
