/** Retries an assertion until it passes or the time is up (for state that settles after an animation). */
export async function eventually(check: () => Promise<void>, timeoutMs = 5000, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }
}
