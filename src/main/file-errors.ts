/** Why a file could not be read or written, in a user's words (the system's own message where there are none). */
export function fileErrorReason(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'it does not exist';
  if (code === 'EISDIR') return 'it is a folder, not a file';
  // "days.csv/monday.csv": a folder was expected where the path names a file.
  if (code === 'ENOTDIR') return 'a part of its path is a file, not a folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOSPC') return 'the disk is full';
  return err instanceof Error ? err.message : String(err);
}
