/**
 * Waits, polling every 10 ms for at most `boundMs`, until `condition` holds; answers the time taken.
 * The bound is a failure's deadline, never a figure the test checks: a busy machine may take long.
 */
export async function until(condition: () => boolean | Promise<boolean>, boundMs = 10_000): Promise<number> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > boundMs) throw new Error(`not so within ${boundMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - start;
}
