import { describe, expect, it } from 'vitest';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { columnPlace } from '../../../src/main/vrp/io/csv-columns.js';
import { detailsOf, fleet } from './customer-csv.js';

describe('parseCustomerCsv', () => {
  it('finds the depot by the type column wherever it is', () => {
    const text = ['type,id,x,y,demand,ready,due,service', 'customer,1,3,4,5,10,50,2', 'DEPOT,D,0,0,,0,1000,', ',2,6,8,7,0,200,3'].join(
      '\n',
    );
    const { instance } = parseCustomerCsv(text, fleet);
    expect(instance.depot.id).toBe('D');
    expect(instance.customers.map((c) => c.id)).toEqual(['1', '2']);
  });

  it('rejects a type column without exactly one depot, and unknown types', () => {
    const two = ['type,id,x,y,demand,ready,due,service', 'depot,A,0,0,0,0,1000,0', 'truck,1,3,4,5,10,50,2', 'depot,B,0,0,0,0,1000,0'].join(
      '\n',
    );
    expect(detailsOf(two)).toEqual([
      'more than one depot row (rows 2, 4): keep one, and mark the other rows customer in column type',
      "row 3, column type: 'truck' is neither depot nor customer (accepted: depot, warehouse, hub, base, customer, stop, delivery, client and their German, French, Spanish and Portuguese words)",
    ]);
    const none = ['type,id,x,y,demand,ready,due,service', 'customer,1,3,4,5,10,50,2'].join('\n');
    expect(detailsOf(none)).toEqual([
      "no row has type 'depot' in column type: mark the depot's row with depot in that column (or warehouse, hub, base, lager, entrepot, deposito, almacen, armazem)",
    ]);
  });

  it('reads the words a sheet may use for the depot and the stops', () => {
    const text = [
      'Kind,id,x,y,demand,ready,due,service',
      'Stop,1,3,4,5,10,50,2',
      'Warehouse,W,0,0,0,0,1000,0',
      'delivery,2,6,8,7,0,200,3',
    ].join('\n');
    const { instance } = parseCustomerCsv(text, fleet);
    expect(instance.depot.id).toBe('W');
    expect(instance.customers.map((c) => c.id)).toEqual(['1', '2']);
  });

  it('reads the headers a routing export writes: units in brackets, time window start/end, weight', () => {
    const text = [
      'Customer ID,Name,Latitude,Longitude,Weight (kg),Time window start,Time window end,Service time [min]',
      'D,Depot,52.52,13.41,0,07:00,18:00,0',
      'A,Shop A,52.53,13.40,5,08:00,12:00,10',
    ].join('\n');
    const { instance, columns } = parseCustomerCsv(text, { ...fleet, speedKmh: 30 });
    expect(columns).toMatchObject({
      demand: 'Weight (kg)',
      ready: 'Time window start',
      due: 'Time window end',
      service: 'Service time [min]',
    });
    expect(instance.customers).toMatchObject([{ id: 'A', demand: 5, ready: 480, due: 720, service: 10 }]);
  });

  it('reads the short headers of a hand-made sheet: Long, Start, End, Pallets, Service (min)', () => {
    const text = ['ID,Lat,Long,Pallets,Start,End,Service (min)', 'D,52.52,13.41,0,07:00,18:00,0', 'A,52.53,13.40,2,08:00,12:00,10'].join(
      '\n',
    );
    const { instance, columns } = parseCustomerCsv(text, { ...fleet, speedKmh: 30 });
    expect(columns).toMatchObject({ lon: 'Long', demand: 'Pallets', ready: 'Start', due: 'End', service: 'Service (min)' });
    expect(instance.customers).toMatchObject([{ id: 'A', x: 13.4, y: 52.53, demand: 2, ready: 480, due: 720, service: 10 }]);
  });

  it('reads lat/lon columns as geographic coordinates with the given speed', () => {
    const text = ['id,latitude,lng,demand,ready,due,service', 'D,52.52,13.40,0,0,600,0', '1,52.50,13.45,3,0,300,5'].join('\n');
    const { instance } = parseCustomerCsv(text, { ...fleet, speedKmh: 30 });
    expect(instance.coordinates).toEqual({ kind: 'geo', speedKmh: 30 });
    expect(instance.depot).toMatchObject({ x: 13.4, y: 52.52 });
    expect(detailsOf(text)).toEqual([
      'the travel speed in km/h is required for lat/lon data (the speed field of the import, or --speed for the jampr CLI)',
    ]);
  });

  it('reports missing and doubled columns by name', () => {
    expect(detailsOf('id,x,y,ready,latest,due,service\nD,0,0,0,1000,1000,0')).toEqual([
      "columns 5 (E) 'latest' and 6 (F) 'due' both give the due; keep one",
      'missing column demand (accepted names, case, spaces and accents aside: demand, quantity, qty, load, weight, amount, units, volume, pallets, parcels, menge, gewicht, anzahl, quantite, demande, colis, poids, cantidad, demanda, quantidade, peso)',
    ]);
    // Numbered and lettered as a spreadsheet shows them.
    expect([0, 25, 26, 27, 701, 702].map(columnPlace)).toEqual(['1 (A)', '26 (Z)', '27 (AA)', '28 (AB)', '702 (ZZ)', '703 (AAA)']);
  });

  it('names the columns not read beside a missing column, with a lead for a window or a lat, lon pair in one column', () => {
    expect(detailsOf('id,x,y,qty (kg),time window,Notes\nD,0,0,0,08:00-18:00,\n1,3,4,5,8:00 – 10:00,ring')).toEqual([
      expect.stringMatching(/^missing column ready /),
      expect.stringMatching(/^missing column due /),
      'columns not read (no field matches the name): time window, Notes',
      "column time window holds both window times ('08:00-18:00'): split it into two columns, ready and due",
    ]);
    expect(detailsOf('id,coordinates,demand,ready,due\nD,"52.52, 13.405",0,08:00,18:00\n1,"52.5, 13.4",5,09:00,10:00')).toEqual([
      expect.stringMatching(/^missing column x /),
      expect.stringMatching(/^missing column y /),
      'column not read (no field matches the name): coordinates',
      "column coordinates holds a lat, lon pair ('52.52, 13.405'): split it into two columns, lat and lon",
    ]);
    // A column of mixed cells is not guessed at: it is only named.
    expect(detailsOf('id,x,y,demand,window\nD,0,0,0,08:00-18:00\n1,3,4,5,morning')).toContain(
      'column not read (no field matches the name): window',
    );
    expect(detailsOf('id,x,y,demand,window\nD,0,0,0,08:00-18:00\n1,3,4,5,morning').join('\n')).not.toMatch(/split it/);
  });

  it('names a lat, lon pair in a column read as the address (location, Adresse) too', () => {
    for (const name of ['location', 'Adresse']) {
      expect(detailsOf(`id,${name},demand,ready,due\nD,"48.1372, 11.5756",0,08:00,18:00\n1,"48.05, 11.48",5,09:00,10:00`)).toEqual([
        expect.stringMatching(/^missing column x /),
        expect.stringMatching(/^missing column y /),
        `column ${name} holds a lat, lon pair ('48.1372, 11.5756'): split it into two columns, lat and lon`,
      ]);
    }
  });

  it("reads 'Location Name' (a route planner's export) as the name, and 'Location' beside it as the address", () => {
    const rows = ['D,Depot Nord,Hafenstr. 1,52.52,13.40,0,07:00,18:00', 'A-17,Café Linde,Torstr. 5,52.53,13.41,5,09:00,10:00'];
    for (const address of ['Address', 'Location']) {
      const read = parseCustomerCsv(
        [`Order No,Location Name,${address},Latitude,Longitude,Load,Time Window Start,Time Window End`, ...rows].join('\n'),
        { ...fleet, speedKmh: 30 },
      );
      expect(read.columns).toMatchObject({ id: 'Order No', name: 'Location Name', address, lat: 'Latitude', lon: 'Longitude' });
      expect(read.instance.customers[0]).toMatchObject({ id: 'A-17', name: 'Café Linde', address: 'Torstr. 5' });
      expect(read.warnings.join('\n')).not.toMatch(/not read/);
    }
  });

  it('reads Order ID, Order number and Order no. as the id, and Customer beside one as the name', () => {
    for (const header of ['Order ID', 'Order number', 'Order no.']) {
      const read = parseCustomerCsv(`${header},Customer,x,y,demand,ready,due\nD,Depot,0,0,0,0,1000\nA-17,Café Linde,3,4,5,10,50`, fleet);
      expect(read.columns).toMatchObject({ id: header, name: 'Customer' });
      expect(read.instance.customers[0]).toMatchObject({ id: 'A-17', name: 'Café Linde' });
    }
  });

  it("reads 'Customer' as the name beside an 'ID' column, in either order, and as the id alone", () => {
    const rows = ['D,Depot,0,0,0,0,1000,0', 'K1,Café Linde,3,4,5,10,50,2'];
    for (const header of ['ID,Customer,x,y,demand,ready,due,service', 'Customer,ID,x,y,demand,ready,due,service']) {
      const swapped = header.startsWith('Customer') ? rows.map((r) => r.replace(/^([^,]*),([^,]*)/, '$2,$1')) : rows;
      const read = parseCustomerCsv([header, ...swapped].join('\n'), fleet);
      expect(read.columns).toMatchObject({ id: 'ID', name: 'Customer' });
      expect(read.instance.customers[0]).toMatchObject({ id: 'K1', name: 'Café Linde' });
    }
    // With a name column of its own, the exact id column wins and 'Customer' is left out.
    const named = parseCustomerCsv(
      ['Customer,Name,ID,x,y,demand,ready,due,service', 'd,Depot,D,0,0,0,0,1000,0', 'c,Shop,K1,3,4,5,10,50,2'].join('\n'),
      fleet,
    );
    expect(named.columns).toMatchObject({ id: 'ID', name: 'Name' });
    expect(named.instance.customers[0]).toMatchObject({ id: 'K1', name: 'Shop' });
    // Alone, 'Customer' is the id, as before.
    expect(
      parseCustomerCsv(['Customer,x,y,demand,ready,due,service', 'D,0,0,0,0,1000,0', 'K1,3,4,5,10,50,2'].join('\n'), fleet).instance
        .customers[0].id,
    ).toBe('K1');
  });
});
