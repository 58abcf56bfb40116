/**
 * Customer files as spreadsheets save them, through `jampr plan` (a real process, the built CLI): the bytes on disk,
 * not text already decoded, so that the command reads them as the app's import does (src/shared/text-decoding.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPORT_ENDINGS } from '../../src/shared/api.js';
import { safeFileName } from '../../src/main/services/file-names.js';
import { writeInstanceCsv } from '../../src/main/vrp/io/csv-write.js';
import { readInstanceFile } from '../../src/main/vrp/io/index.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { cliWorkDir, jamprIn, jamprWithEnv } from './fixtures/cli.js';

const DAY = [
  'id;name;x;y;demand;ready;due;service',
  'D;Lager Süd;0;0;0;0;1000;0',
  'K1;Müller Straße;3;4;5;10;500;2',
  'K2;Kühne;5;4;5;10;500;2',
];

/** The names the plan CSV lists, in its name column. */
const namesIn = (planCsv: string) =>
  new Set(
    planCsv
      .split(/\r?\n/)
      .slice(1)
      .map((row) => row.split(',')[4]),
  );

describe('jampr plan on a spreadsheet file', () => {
  it("reads German Excel's CSV (Windows-1252) with its names intact and says which code page it read", async () => {
    const dir = await cliWorkDir();
    // One byte each, as Windows-1252 writes them: ü FC, ß DF (not valid UTF-8).
    const bytes = Uint8Array.from(`${DAY.join('\r\n')}\r\n`, (ch) => ch.charCodeAt(0));
    await writeFile(join(dir, 'montag.csv'), bytes);
    const { stderr } = await jamprIn(dir, 'plan', 'montag.csv', '--capacity', '50', '--time-limit', '0.1', '--out', 'plan.csv');
    expect(stderr).toContain(
      "jampr: warning: the file is not UTF-8: read in the code page Windows-1252 (Western European), as in 'Süd'; if names look wrong, save the file as 'CSV UTF-8'",
    );
    const names = namesIn(await readFile(join(dir, 'plan.csv'), 'utf8'));
    for (const name of ['Lager Süd', 'Müller Straße', 'Kühne']) expect(names).toContain(name);
  });

  it("reads Excel's Unicode text (UTF-16LE with its mark, tab-separated, saved as .txt) without a word on its code", async () => {
    const dir = await cliWorkDir();
    const text = `\uFEFF${DAY.map((row) => row.replaceAll(';', '\t')).join('\r\n')}\r\n`;
    await writeFile(join(dir, 'montag.txt'), Buffer.from(text, 'utf16le'));
    const { stderr } = await jamprIn(dir, 'plan', 'montag.txt', '--capacity', '50', '--time-limit', '0.1', '--out', 'plan.csv');
    expect(stderr).not.toContain('code page');
    const names = namesIn(await readFile(join(dir, 'plan.csv'), 'utf8'));
    for (const name of ['Lager Süd', 'Müller Straße', 'Kühne']) expect(names).toContain(name);
  });

  it('refuses a binary file given as .csv with that alone, not first a word on the code page its bytes were read in', async () => {
    const dir = await cliWorkDir();
    // As `head -c 2000 /dev/urandom` writes them, from a fixed seed (xorshift).
    let state = 0x2545f491;
    const noise = Uint8Array.from({ length: 2000 }, () => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return state & 0xff;
    });
    await writeFile(join(dir, 'rnd.csv'), noise);
    const failed = await jamprIn(dir, 'plan', 'rnd.csv', '--capacity', '50').then(
      () => null,
      (e: { stderr: string }) => e,
    );
    expect(failed?.stderr).toContain('the file holds binary data, not text');
    expect(failed?.stderr).not.toContain('warning');
  });

  it("names a day the app exported after the day it was exported from, as the app's Import does", async () => {
    const dir = await cliWorkDir();
    const day = { ...readInstanceFile(await writeDay(dir, 'montag.csv'), { capacity: 50 }), name: 'Freitag Hamburg' };
    for (const format of ['csv', 'csv-decimal-comma'] as const) {
      // The file as the app's Export CSV names and writes it: Freitag_Hamburg.csv, Freitag_Hamburg-decimal-comma.csv.
      const fileName = `${safeFileName(day.name)}${EXPORT_ENDINGS[format]}`;
      await writeFile(join(dir, fileName), writeInstanceCsv(day, format === 'csv' ? 'standard' : 'decimal-comma'));
      const { stdout } = await jamprIn(dir, 'plan', fileName, '--capacity', '50', '--time-limit', '0.1');
      expect(JSON.parse(stdout).instance).toBe('Freitag Hamburg');
    }
  });

  it("quotes the shift's hours as the depot's row writes them, in a refusal and in a warning, decimal commas and all", async () => {
    const dir = await cliWorkDir();
    const header = 'Typ;ID;Breite;Länge;Menge;Von;Bis;Dauer';
    // German Excel in plain minutes: the shift's hours written with decimal commas, read as 450.5 and 1080.5.
    const day = (shift: string) => [
      header,
      `Depot;D;53,5511;9,9937;0;${shift};0`,
      'Kunde;K1;53,57;9,98;2;380;400;1',
      'Kunde;K2;53,56;10,01;2;500;600;1',
    ];
    await writeFile(join(dir, 'montag.csv'), `${day('1080,5;450,5').join('\r\n')}\r\n`);
    const refused = await jamprWithEnv(dir, {}, 'plan', 'montag.csv', '--capacity', '50', '--speed', '30');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("row 2, columns Von, Bis: ready time '1080,5' is after due time '450,5' for depot D");
    await writeFile(join(dir, 'dienstag.csv'), `${day('450,5;1080,5').join('\r\n')}\r\n`);
    // Planned all the same, the customer left out (a plan with a customer unserved exits with its own code).
    const { stderr } = await jamprWithEnv(dir, {}, 'plan', 'dienstag.csv', '--capacity', '50', '--speed', '30', '--time-limit', '0.1');
    expect(stderr).toContain(
      "row 3, column Bis: customer K1 cannot be reached in time: its window closes before the shift starts (due '400', the shift starts at '450,5')",
    );
  });

  it("tells a refused file's warnings before its refusal: the time without PM that closes a window before it opens", async () => {
    const dir = await cliWorkDir();
    const rows = ['id,x,y,demand,ready,due,service', 'D,0,0,0,6:00 AM,6:00 PM,0', 'A,1,1,1,11:00 AM,1:00,5', 'B,2,2,1,9:00 AM,3:00 PM,5'];
    await writeFile(join(dir, 'day.csv'), rows.join('\n'));
    const { code, stdout, stderr } = await jamprWithEnv(dir, {}, 'plan', 'day.csv', '--capacity', '50');
    expect({ code, stdout }).toEqual({ code: EXIT.input, stdout: '' });
    const lines = stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^jampr: warning: row 3, column due: '1:00' is written without AM or PM .* write 1:00 PM$/);
    expect(lines.slice(1)).toEqual([
      'jampr: CSV day cannot be imported',
      "  - row 3, columns ready, due: ready time '11:00 AM' is after due time '1:00' for customer A",
    ]);
  });
});

/** The spreadsheet's day as UTF-8 under `fileName` in `dir`; its path. */
async function writeDay(dir: string, fileName: string): Promise<string> {
  const path = join(dir, fileName);
  await writeFile(path, `${DAY.join('\n')}\n`);
  return path;
}
