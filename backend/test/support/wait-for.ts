/**
 * Waits for a positive signal (ARCHITECTURE house style: no fixed sleeps to prove something
 * happened), polling `condition` every `intervalMs` until it holds, or failing after `timeoutMs`
 * with what was awaited.
 */
export async function waitFor(
  what: string,
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 5000, intervalMs = 10 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  for (const end = Date.now() + timeoutMs; !(await condition()); ) {
    if (Date.now() > end) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
