/**
 * A shutdown that cannot hang: `close` drains (in-flight requests finish, streams are
 * ended by their preClose hooks) but is given `ms` at most; after that the process leaves anyway,
 * so a load balancer's restart or a deploy never waits on one stuck request.
 */
export async function closeWithin(
  close: () => Promise<unknown>,
  ms: number,
): Promise<'closed' | 'timed-out'> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timed-out'>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), ms);
  });
  try {
    return await Promise.race([close().then(() => 'closed' as const), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
