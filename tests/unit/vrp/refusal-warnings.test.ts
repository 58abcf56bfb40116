/**
 * A refused instance file tells its warnings with its problems: one may explain a problem (a time read as morning
 * that closes a window before it opens), and the dispatcher fixes the file once, not once per round.
 */
import { describe, expect, it } from 'vitest';
import { AppError, fromErrorData } from '../../../src/shared/errors.js';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { parseInstanceText } from '../../../src/main/vrp/io/index.js';
import { fleet, HEADER, read } from './misread-csv.js';

/** The refusal `read` throws; fails the test where it reads the file. */
function refused(read: () => unknown): AppError {
  try {
    read();
  } catch (e) {
    if (e instanceof AppError && e.kind === 'input') return e;
    throw e;
  }
  throw new Error('expected the file to be refused');
}

describe('a refused customer CSV', () => {
  it('keeps the warning that explains its problem: a due time without PM, read as the morning before its window opens', () => {
    const error = refused(() => read([HEADER, 'D,0,0,0,6:00 AM,6:00 PM,0', 'A,1,1,1,11:00 AM,1:00,5', 'B,2,2,1,9:00 AM,3:00 PM,5']));
    expect(error.details).toEqual(["row 3, columns ready, due: ready time '11:00 AM' is after due time '1:00' for customer A"]);
    expect(error.warnings).toEqual([expect.stringMatching(/^row 3, column due: '1:00' is written without AM or PM .* write 1:00 PM$/)]);
    // The same file with the afternoon written is read, with nothing to warn of.
    expect(read([HEADER, 'D,0,0,0,6:00 AM,6:00 PM,0', 'A,1,1,1,11:00 AM,1:00 PM,5', 'B,2,2,1,9:00 AM,3:00 PM,5']).warnings).toEqual([]);
  });

  it('tells the warnings an accepted file would have, as the accepted file tells them, without the problems among them', () => {
    // No service column (a warning) and a demand that is no number (the problem).
    const rows = ['id,x,y,demand,ready,due', 'D,0,0,0,0,1000', 'A,1,1,x,0,500', 'B,2,2,1,0,500'];
    const error = refused(() => read(rows));
    const accepted = read(rows.map((r) => (r.startsWith('A,') ? r.replace(',x,', ',1,') : r)));
    expect(accepted.warnings.length).toBeGreaterThan(0);
    expect(error.warnings).toEqual(accepted.warnings);
    expect(error.warnings.some((w) => error.details.includes(w))).toBe(false);
  });

  it('tells no reach warning measured at a stand-in speed: the missing speed is the problem', () => {
    // A customer 40 km out whose window closes 10 minutes after the shift opens: out of reach at any van's speed.
    const rows = ['id,lat,lon,demand,ready,due,service', 'D,52.52,13.40,0,06:00,18:00,0', 'A,52.88,13.40,1,06:00,06:10,5'];
    const withSpeed = refused(() => parseCustomerCsv([...rows, 'B,52.53,13.41,x,08:00,12:00,5'].join('\n'), fleet));
    expect(withSpeed.warnings).toEqual([expect.stringMatching(/^row 3, column due: customer A cannot be reached in time/)]);
    const noSpeed = refused(() => parseCustomerCsv(rows.join('\n'), { name: 'day', capacity: 100 }));
    expect(noSpeed.details.join('\n')).toMatch(/speed/);
    expect(noSpeed.warnings).toEqual([]);
  });

  it('keeps its warnings across a thread or process, as the API and the CLI receive them', () => {
    const error = refused(() => read([HEADER, 'D,0,0,0,6:00 AM,6:00 PM,0', 'A,1,1,1,11:00 AM,1:00,5']));
    const data = error.toData();
    expect(data.warnings).toEqual([...error.warnings]);
    const received = fromErrorData(JSON.parse(JSON.stringify(data)));
    expect(received.warnings).toEqual(error.warnings);
    expect(received.message).toBe(error.message);
    // An error with nothing to warn of sends no warnings field.
    expect(new AppError('input', 'no').toData()).not.toHaveProperty('warnings');
  });
});

describe('a refused instance JSON', () => {
  it('tells the warnings of the rules it passes beside the problems of those it breaks', () => {
    const day = {
      name: 'friday',
      capacity: 10,
      vehicles: 2,
      depot: { id: 'D', x: 0, y: 0, ready: 0, due: 100 },
      customers: [
        { id: 'A', x: 1, y: 0, demand: 1, ready: 50, due: 40, service: 0 },
        { id: 'B', x: 60, y: 0, demand: 1, ready: 0, due: 10, service: 0 },
      ],
    };
    const error = refused(() => parseInstanceText(JSON.stringify(day), 'json', {}, 'friday.json'));
    expect(error.details).toEqual([expect.stringMatching(/customer A/)]);
    expect(error.warnings).toEqual([expect.stringMatching(/^customer B cannot be reached in time/)]);
  });
});

describe('a refused spreadsheet saved as .txt', () => {
  it('says first that it was read as a customer table, then the table’s own warnings', () => {
    // No service column (a warning) and a demand that is no number (the problem), tab-separated as Excel's "Text".
    const rows = ['id\tx\ty\tdemand\tready\tdue', 'D\t0\t0\t0\t0\t1000', 'A\t1\t1\tx\t0\t500'];
    const error = refused(() => parseInstanceText(rows.join('\n'), 'solomon', { capacity: 10, vehicles: 2 }, 'montag.txt'));
    expect(error.details).toEqual(["row 3, column demand: 'x' is not a number"]);
    expect(error.message).toBe("CSV montag cannot be imported\n  - row 3, column demand: 'x' is not a number");
    expect(error.warnings).toEqual([
      'montag.txt is read as a customer table (a spreadsheet saved as text)',
      expect.stringMatching(/^the file has no service time column/),
    ]);
  });
});
