/** Removes the temporary database folder the e2e web server used (created in playwright.config.ts). */
import { rmSync } from 'node:fs';

export default function teardown(): void {
  const dir = process.env.E2E_DB_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
