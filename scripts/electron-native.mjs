#!/usr/bin/env node
// Builds a second copy of better-sqlite3's native addon for Electron's ABI into .electron-native/, so the
// desktop app's main process can load it (through better-sqlite3's `nativeBinding` option) while the CLI, the
// web mode and the tests keep using the Node build in node_modules. `npm start` runs this first; it only
// builds when the addon is missing or was built for another Electron or better-sqlite3 version.
// Needs npm's bundled node-gyp, a C++ toolchain (python3, make, g++) and, once, network access to download
// Electron's headers (node-gyp caches them).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const PACKAGE_DIR = join(ROOT, 'node_modules', 'better-sqlite3');
const OUT_DIR = join(ROOT, '.electron-native');
const ADDON = join(OUT_DIR, 'better_sqlite3.node');
const STAMP = join(OUT_DIR, 'build-info.json');
const HEADERS_URL = 'https://electronjs.org/headers';

const versionOf = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;

/** What the addon must match; a change in any field means a rebuild. */
function wantedBuild() {
  return {
    electron: versionOf(join(ROOT, 'node_modules', 'electron')),
    betterSqlite3: versionOf(PACKAGE_DIR),
    platform: process.platform,
    arch: process.arch,
  };
}

function isUpToDate(wanted) {
  if (!existsSync(ADDON) || !existsSync(STAMP)) return false;
  try {
    const built = JSON.parse(readFileSync(STAMP, 'utf8'));
    return Object.entries(wanted).every(([key, value]) => built[key] === value);
  } catch {
    return false;
  }
}

/** npm's own node-gyp: npm exports its path to scripts; otherwise look next to npm itself. */
function findNodeGyp() {
  const candidates = [process.env.npm_config_node_gyp];
  if (process.env.npm_execpath)
    candidates.push(join(dirname(dirname(process.env.npm_execpath)), 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'));
  const prefix = spawnSync('npm', ['prefix', '-g'], { encoding: 'utf8', shell: process.platform === 'win32' }).stdout?.trim();
  if (prefix) {
    const npmDir = process.platform === 'win32' ? join(prefix, 'node_modules', 'npm') : join(prefix, 'lib', 'node_modules', 'npm');
    candidates.push(join(npmDir, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'));
  }
  const found = candidates.find((path) => path && existsSync(path));
  if (!found) throw new Error(`cannot find npm's bundled node-gyp (looked at: ${candidates.filter(Boolean).join(', ') || 'nothing'})`);
  return found;
}

// npm passes its config to scripts as npm_config_* variables and node-gyp obeys them over its arguments: a
// `nodedir` in an .npmrc would silently compile against Node's headers instead of Electron's.
const TARGET_CONFIG = /^npm_config_(nodedir|target|target_arch|arch|runtime|dist_url|disturl)$/i;
const envForElectron = () => Object.fromEntries(Object.entries(process.env).filter(([key]) => !TARGET_CONFIG.test(key)));

/** Runs node-gyp, echoing its output live and keeping it to explain a failure. */
function runNodeGyp(nodeGyp, args, cwd) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [nodeGyp, ...args], { cwd, env: envForElectron(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (err) => done({ code: 1, output: `${output}\n${err.message}` }));
    child.on('close', (code) => done({ code: code ?? 1, output }));
  });
}

// node-gyp's own words when fetching or unpacking the headers fails, and the usual socket errors.
const HEADERS_FAILURE = /install got an error|network connectivity|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH/i;

function failureMessage(wanted, output) {
  if (HEADERS_FAILURE.test(output)) {
    return (
      `could not download the Electron ${wanted.electron} headers from ${HEADERS_URL} (no network access?). ` +
      'The desktop app needs them once to compile better-sqlite3 for Electron; run `node scripts/electron-native.mjs` ' +
      'again on a machine with network access (the CLI, the web mode and the tests do not need this).'
    );
  }
  return (
    `node-gyp could not build better-sqlite3 for Electron ${wanted.electron} (see its output above); it needs ` +
    'python3, make and a C++20 compiler. The CLI, the web mode and the tests do not need this build.'
  );
}

/** An addon this Node process can load was compiled for Node's ABI, so Electron could not load it. */
function assertNotNodeAbi(file) {
  try {
    process.dlopen({ exports: {} }, file);
  } catch {
    return;
  }
  throw new Error(`${file} was compiled for Node ${process.version}'s ABI, not Electron's (is a nodedir or target set in npm's config?)`);
}

async function build(wanted) {
  const nodeGyp = findNodeGyp();
  // A private copy, so the Node build in node_modules/better-sqlite3/build is never overwritten.
  const work = mkdtempSync(join(tmpdir(), 'jampr-electron-native-'));
  try {
    const skip = join(PACKAGE_DIR, 'build');
    cpSync(PACKAGE_DIR, work, { recursive: true, filter: (src) => src !== skip && !src.startsWith(skip + sep) });
    console.error(
      `electron-native: building better-sqlite3 ${wanted.betterSqlite3} for Electron ${wanted.electron} (${wanted.platform}-${wanted.arch}), about a minute...`,
    );
    const args = [
      'rebuild',
      '--release',
      `--target=${wanted.electron}`,
      `--arch=${wanted.arch}`,
      `--dist-url=${HEADERS_URL}`,
      '--runtime=electron',
    ];
    const { code, output } = await runNodeGyp(nodeGyp, args, work);
    const built = join(work, 'build', 'Release', 'better_sqlite3.node');
    if (code !== 0 || !existsSync(built)) throw new Error(failureMessage(wanted, output));
    assertNotNodeAbi(built);
    mkdirSync(OUT_DIR, { recursive: true });
    // Copy then rename, so an interrupted run never leaves a half-written addon that looks valid.
    cpSync(built, `${ADDON}.partial`);
    renameSync(`${ADDON}.partial`, ADDON);
    writeFileSync(STAMP, `${JSON.stringify({ ...wanted, builtAt: new Date().toISOString() }, null, 2)}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const wanted = wantedBuild();
if (isUpToDate(wanted)) {
  console.error(`electron-native: ${ADDON} is up to date (Electron ${wanted.electron})`);
} else {
  try {
    await build(wanted);
    console.error(`electron-native: wrote ${ADDON}`);
  } catch (err) {
    console.error(`\nelectron-native: ${err.message}`);
    process.exit(1);
  }
}
