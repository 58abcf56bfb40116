import { homedir } from 'node:os';
import { join } from 'node:path';

const APP_FOLDER = 'jampr-dispatch';
export const DB_FILE = 'jampr.sqlite';

/**
 * Where the web mode and the CLI keep their data when no --db is given: the platform's per-user data folder
 * ($XDG_DATA_HOME or ~/.local/share on Linux). The desktop app uses Electron's userData folder instead.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), APP_FOLDER);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', APP_FOLDER);
  return join(env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), APP_FOLDER);
}

export const defaultDbPath = (): string => join(defaultDataDir(), DB_FILE);
