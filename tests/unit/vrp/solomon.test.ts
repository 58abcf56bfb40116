import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCustomerTable, readSolomon, writeSolomon } from '../../../src/main/vrp/io/solomon.js';
import { parseInstanceText, readInstanceFile } from '../../../src/main/vrp/io/index.js';
import { validateInstance } from '../../../src/main/vrp/validate.js';
import { generateInstance } from '../../../src/main/vrp/generate.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { AppError } from '../../../src/shared/errors.js';

const R201 = readFileSync('data/solomon/R201.txt', 'utf8');

const errorOf = (f: () => unknown): AppError => {
  try {
    f();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an input error');
};

describe('readSolomon', () => {
  it('reads all 100 customers of R201 with the fleet from the header', () => {
    const inst = readSolomon(R201);
    expect(inst.name).toBe('R201');
    expect(inst.capacity).toBe(1000);
    expect(inst.vehicles).toBe(25);
    expect(inst.depot).toEqual({ id: '0', x: 35, y: 35, ready: 0, due: 1000 });
    expect(inst.customers).toHaveLength(100);
    expect(inst.customers[0]).toEqual({ id: '1', x: 41, y: 49, demand: 10, ready: 707, due: 848, service: 10 });
    expect(inst.customers[99]).toEqual({ id: '100', x: 18, y: 18, demand: 17, ready: 798, due: 965, service: 10 });
    expect(inst.customers.reduce((s, c) => s + c.demand, 0)).toBe(1458);
    expect(validateInstance(inst)).toEqual([]);
  });

  it('keeps the depot and the first 50 customers with --first 50', () => {
    const inst = readSolomon(R201, { first: 50 });
    expect(inst.name).toBe('R201-50');
    expect(inst.customers).toHaveLength(50);
    expect(inst.customers.at(-1)?.id).toBe('50');
    expect(inst.customers[1]).toEqual({ id: '2', x: 35, y: 17, demand: 7, ready: 143, due: 282, service: 10 });
    expect(readSolomon(R201, { first: 50, name: 'mine' }).name).toBe('mine');
  });

  it('rejects a --first larger than the file or not a whole number', () => {
    expect(errorOf(() => readSolomon(R201, { first: 101, fileName: 'R201.txt' })).message).toBe(
      '--first 101 is more than the 100 customers in R201.txt: give at most 100',
    );
    expect(errorOf(() => readSolomon(R201, { first: 2.5 })).message).toBe('--first 2.5 is not a whole number of 1 or more');
    expect(() => readSolomon(R201, { first: 0 })).toThrow(AppError);
  });

  it('lists every malformed line', () => {
    const broken = R201.replace(/^ {4}3 .*$/m, '    3      55         45         13').replace(/^ {4}5 .*$/m, '    5  15 30 x 34 209 10');
    expect(errorOf(() => readSolomon(broken)).details).toEqual([
      'line 13: expected 7 values (no, x, y, demand, ready, due, service), found 4',
      "line 15: 'x' is not a number",
    ]);
  });

  it('rejects text that is not a Solomon file; a customer table saved as .txt is read as one', () => {
    expect(errorOf(() => readSolomon('R201 but cut\n1 2 3')).details).toEqual(['no VEHICLE section', 'no CUSTOMER section']);
    expect(isCustomerTable('R201 but cut\n1 2 3')).toBe(false);
    expect(isCustomerTable(R201)).toBe(false);
    expect(isCustomerTable('id,x,y\n1,2,3')).toBe(true);
    const tab = [
      'ID\tName\tLatitude\tLongitude\tDemand\tReady\tDue',
      'D\tDepot\t52.5\t13.4\t0\t07:00\t17:00',
      'A\tShop\t52.51\t13.41\t3\t08:00\t12:00',
    ];
    const warnings: string[] = [];
    const day = parseInstanceText(tab.join('\n'), 'solomon', { capacity: 10, speedKmh: 30, onWarning: (w) => warnings.push(w) }, 'day.txt');
    expect(day.name).toBe('day');
    expect(day.customers.map((c) => [c.id, c.demand, c.ready])).toEqual([['A', 3, 480]]);
    expect(warnings[0]).toBe('day.txt is read as a customer table (a spreadsheet saved as text)');
  });
});

describe('a spreadsheet saved as .txt', () => {
  const fleet = { capacity: 10, speedKmh: 30 };
  const german = [
    'Kunden-Nr\tName\tBreite\tLänge\tMenge\tZeitfenster von\tZeitfenster bis',
    'Lager\tZentrale\t48,13\t11,57\t0\t07:00\t18:00',
  ];
  const day = [...german, 'K1\tBäckerei\t48,11\t11,51\t2,5\t09:00\t12:00'];

  it('is told by the column names the CSV import reads, in any of its languages, below a sep= line too', () => {
    expect(isCustomerTable(day.join('\r\n'))).toBe(true);
    expect(isCustomerTable(day.join('\n').replace('Kunden-Nr', 'Código').replace('Breite', 'Latitud'))).toBe(true);
    expect(isCustomerTable(`\uFEFFsep=;\r\n${day.join('\r\n').replaceAll('\t', ';')}`)).toBe(true);
    // Below a title line too: the CSV import then says to delete it.
    expect(isCustomerTable('Tour Montag, Nord\nid,x,y')).toBe(true);
    expect(isCustomerTable('Tour Montag, Nord\nAnmerkung, Fahrer')).toBe(false);
  });

  it('is read as a customer table from a UTF-16 file (Excel\'s "Unicode Text")', () => {
    const dir = mkdtempSync(join(tmpdir(), 'jampr-txt-'));
    const path = join(dir, 'montag.txt');
    writeFileSync(path, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(day.join('\r\n'), 'utf16le')]));
    try {
      const read = readInstanceFile(path, fleet);
      expect(read.customers.map((c) => [c.id, c.demand, c.ready])).toEqual([['K1', 2.5, 540]]);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});

describe('writeSolomon', () => {
  it('round-trips an instance with fractional coordinates', () => {
    const inst = generateInstance(12, createRng(4), 'gen-12');
    expect(readSolomon(writeSolomon(inst))).toEqual(inst);
  });

  it('round-trips R201 to the same values', () => {
    const inst = readSolomon(R201);
    expect(readSolomon(writeSolomon(inst))).toEqual(inst);
  });

  it('refuses geographic instances', () => {
    const inst = { ...readSolomon(R201, { first: 2 }), coordinates: { kind: 'geo' as const, speedKmh: 40 } };
    expect(() => writeSolomon(inst)).toThrow(/Solomon format/);
  });
});
