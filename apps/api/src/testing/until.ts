/**
 * Waits, polling every `everyMs` (10 ms unless given) for at most `boundMs`, until `condition` holds;
 * answers the time taken. The bound is a failure's deadline, never a figure the test checks: a busy
 * machine may take long. A condition that queries a database for minutes polls less often.
 */
export async function until(
  condition: () => boolean | Promise<boolean>,
  boundMs = 10_000,
  everyMs = 10,
): Promise<number> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > boundMs) throw new Error(`not so within ${boundMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return Date.now() - start;
}
