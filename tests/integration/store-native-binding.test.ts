import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../src/main/store/db.js';
import { openStore } from '../../src/main/store/index.js';
import { MIGRATIONS } from '../../src/main/store/migrations/index.js';
import { ELECTRON_ADDON, ELECTRON_ADDON_COMMAND, sqliteAddonFor } from '../../src/main/store/native-binding.js';
import { AppError } from '../../src/shared/errors.js';

// The desktop app loads an Electron build through better-sqlite3's `nativeBinding` option; Node cannot load that
// build, so these tests point the same option at the package's Node build to prove the option reaches the driver.
const nodeAddon = join(
  dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')),
  'build',
  'Release',
  'better_sqlite3.node',
);

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'jampr-native-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('opening the database through an explicit SQLite addon', () => {
  it('migrates and stores data when the addon file is a loadable build', () => {
    const path = join(tempDir(), 'app.sqlite');
    const db = openDatabase(path, MIGRATIONS, { nativeBinding: nodeAddon });
    expect(schemaVersion(db)).toBe(MIGRATIONS[MIGRATIONS.length - 1].version);
    db.close();
    const store = openStore(path, { nativeBinding: nodeAddon });
    expect(store.instances.list()).toEqual([]);
    store.close();
  });

  it('loads the addon from the given file, so a file that is not an addon fails with a storage error naming it', () => {
    const dir = tempDir();
    const fake = join(dir, 'better_sqlite3.node');
    writeFileSync(fake, 'not a shared library');
    const open = () => openDatabase(join(dir, 'app.sqlite'), MIGRATIONS, { nativeBinding: fake });
    expect(open).toThrow(AppError);
    expect(open).toThrow(fake);
  });
});

describe('choosing the SQLite addon for the runtime', () => {
  it("uses the package's own build outside Electron", () => {
    expect(sqliteAddonFor('/nowhere', { electron: undefined })).toBeUndefined();
  });

  it('uses the Electron build in .electron-native under Electron when it exists', () => {
    const root = tempDir();
    mkdirSync(join(root, '.electron-native'));
    writeFileSync(join(root, ELECTRON_ADDON), '');
    expect(sqliteAddonFor(root, { electron: '45.5.0' })).toBe(join(root, ELECTRON_ADDON));
  });

  it('names the command that builds it when the Electron build is missing', () => {
    let error: unknown;
    try {
      sqliteAddonFor(tempDir(), { electron: '45.5.0' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ kind: 'storage', message: expect.stringContaining(ELECTRON_ADDON_COMMAND) });
  });
});
