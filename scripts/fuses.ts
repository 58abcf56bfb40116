/**
 * Electron fuses for the packaged app, flipped in the Electron binary at package time (they cannot be changed
 * at run time): no running as plain Node, no NODE_OPTIONS or --inspect from outside, cookies encrypted on disk,
 * the app only from its (integrity-checked) asar archive, and file:// without extra privileges since the
 * renderer comes from the app:// protocol.
 *   npx tsx scripts/fuses.ts PATH_TO_PACKAGED_ELECTRON_BINARY
 */
import { FuseV1Options, FuseVersion, flipFuses } from '@electron/fuses';

export const FUSES = {
  version: FuseVersion.V1,
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
} as const;

/** Flips the fuses in the binary; returns how many fuse wires were written (2 in a universal macOS build). */
export const setFuses = (electronBinary: string): Promise<number> =>
  flipFuses(electronBinary, { ...FUSES, resetAdHocDarwinSignature: true });

if (import.meta.url === `file://${process.argv[1]}`) {
  const binary = process.argv[2];
  if (!binary) {
    console.error('usage: npx tsx scripts/fuses.ts PATH_TO_PACKAGED_ELECTRON_BINARY');
    process.exit(1);
  }
  await setFuses(binary);
  console.log(`fuses set in ${binary}`);
}
