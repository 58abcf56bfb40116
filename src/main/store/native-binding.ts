import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../../shared/errors.js';

/** Where scripts/electron-native.mjs puts better-sqlite3's addon compiled for Electron's ABI. */
export const ELECTRON_ADDON = join('.electron-native', 'better_sqlite3.node');
export const ELECTRON_ADDON_COMMAND = 'node scripts/electron-native.mjs';

/**
 * The addon file better-sqlite3 must load in this runtime. Outside Electron (CLI, web mode, tests): none, the
 * package's own Node build. Under Electron the Node build cannot load (another NODE_MODULE_VERSION), so the
 * copy built for Electron is required, and its absence is explained instead of failing deep inside a require.
 */
export function sqliteAddonFor(
  appRoot: string,
  versions: { readonly electron?: string } = process.versions,
  exists: (path: string) => boolean = existsSync,
): string | undefined {
  if (!versions.electron) return undefined;
  const addon = join(appRoot, ELECTRON_ADDON);
  if (exists(addon)) return addon;
  throw new AppError(
    'storage',
    `the SQLite addon built for Electron ${versions.electron} is missing (${addon}); run \`${ELECTRON_ADDON_COMMAND}\` ` +
      "in the project folder (`npm start` does it first), which needs network access once to download Electron's headers",
  );
}
