/**
 * Picks the TensorFlow.js backend at run time: the native GPU build if it is installed and loads, else the
 * native CPU build, else the pure-JS `cpu` backend with the fast kernels of fast-kernels.ts. The native
 * packages download libtensorflow at install time, so they are optional and often absent (always here).
 */
import * as tf from '@tensorflow/tfjs';
import { registerFastCpuKernels } from './fast-kernels.js';

export type BackendName = 'tensorflow-gpu' | 'tensorflow' | 'cpu';

export interface BackendInfo {
  name: BackendName;
  /** One line for logs and `jampr info`: what runs, and why each better option did not. */
  detail: string;
  /** Kernels replaced by the fast cpu versions (empty on a native backend). */
  fastKernels: string[];
}

export interface SelectBackendOptions {
  /** Where the one line about the choice goes (default: stderr, so command output stays clean). */
  log?: (line: string) => void;
  /** Register the fast cpu kernels when falling back to `cpu` (default true; false to measure the stock ones). */
  fastKernels?: boolean;
  /** How a native package is loaded; tests replace it. */
  importPackage?: (specifier: string) => Promise<unknown>;
}

/** The native packages to try, best first. Both register a tfjs backend named 'tensorflow'. */
const NATIVE_CANDIDATES: ReadonlyArray<{ name: Exclude<BackendName, 'cpu'>; packageName: string }> = [
  { name: 'tensorflow-gpu', packageName: '@tensorflow/tfjs-node-gpu' },
  { name: 'tensorflow', packageName: '@tensorflow/tfjs-node' },
];
const NATIVE_TFJS_BACKEND = 'tensorflow';

/** A variable specifier keeps TypeScript and bundlers from resolving packages that may not be installed. */
function importByName(specifier: string): Promise<unknown> {
  return import(specifier);
}

function whyNot(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return 'not installed';
  const message = error instanceof Error ? error.message : String(error);
  return `failed to load (${message.split('\n')[0]})`;
}

async function tryNative(
  candidate: (typeof NATIVE_CANDIDATES)[number],
  importPackage: (specifier: string) => Promise<unknown>,
): Promise<string | null> {
  try {
    await importPackage(candidate.packageName);
    if (!(await tf.setBackend(NATIVE_TFJS_BACKEND))) return 'loaded, but its backend did not initialise';
    await tf.ready();
    return null;
  } catch (error) {
    return whyNot(error);
  }
}

/**
 * Switches to the pure-JS backend without its console hint to install tfjs-node, which cannot work here.
 * Tests that must run on `cpu` whatever is installed call this directly.
 */
export async function selectCpuBackend(): Promise<void> {
  await tf.setBackend('cpu');
  await tf.ready();
  const wasProd = tf.env().getBool('PROD');
  tf.env().set('PROD', true); // the hint is printed once, on the backend's first write, unless PROD is set
  tf.tidy(() => tf.scalar(0));
  tf.env().set('PROD', wasProd);
}

/** Chooses and activates a backend now (no memo; selectBackend is the entry point for the app). */
export async function chooseBackend(options: SelectBackendOptions = {}): Promise<BackendInfo> {
  const importPackage = options.importPackage ?? importByName;
  const notes: string[] = [];
  for (const candidate of NATIVE_CANDIDATES) {
    const failure = await tryNative(candidate, importPackage);
    if (failure === null) {
      return { name: candidate.name, detail: `${candidate.packageName} (native TensorFlow)`, fastKernels: [] };
    }
    notes.push(`${candidate.packageName}: ${failure}`);
  }
  await selectCpuBackend();
  const fastKernels = options.fastKernels === false ? [] : registerFastCpuKernels();
  const kernels = fastKernels.length > 0 ? `fast kernels for ${fastKernels.join(', ')}` : 'stock kernels';
  return { name: 'cpu', detail: `pure-JS cpu backend with ${kernels}; ${notes.join('; ')}`, fastKernels };
}

let selection: Promise<BackendInfo> | null = null;
let selected: BackendInfo | null = null;

/** Chooses the backend once per process and logs the choice; later calls return the same answer. */
export function selectBackend(options: SelectBackendOptions = {}): Promise<BackendInfo> {
  if (selection === null) {
    const log = options.log ?? ((line: string) => console.error(line));
    selection = chooseBackend(options).then(
      (info) => {
        selected = info;
        log(`TensorFlow.js backend: ${info.name} (${info.detail})`);
        return info;
      },
      (error: unknown) => {
        selection = null; // let a later call try again rather than cache the failure
        throw error;
      },
    );
  }
  return selection;
}

/** The backend selectBackend chose, or null before it has finished (for `jampr info`). */
export function currentBackendInfo(): BackendInfo | null {
  return selected;
}
