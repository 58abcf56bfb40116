/**
 * The moment a file was set beside the database, as its name gives it (`….rescued-2026-12-02T01-55-21-820Z`): the ISO
 * time with its colons and dot replaced, which no file system refuses, and which sorts by time.
 */
export const fileStamp = (at: Date = new Date()): string => at.toISOString().replace(/[:.]/g, '-');
