import { describe, expect, it } from 'vitest';
import { COLUMN_ALIASES } from '../../../src/main/vrp/io/csv-aliases.js';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { mapColumns, normaliseHeader } from '../../../src/main/vrp/io/csv-columns.js';

describe('column aliases', () => {
  it('give each header name one field, written as headers normalise', () => {
    const all = Object.values(COLUMN_ALIASES).flat();
    expect(new Set(all).size).toBe(all.length);
    for (const name of all) expect(normaliseHeader(name)).toBe(name);
  });

  it('read Spanish, Portuguese and more German, French and English exports', () => {
    const fields = (header: string) => Object.keys(mapColumns(header.split(',')).index).sort();
    const all = ['address', 'demand', 'due', 'id', 'lat', 'lon', 'name', 'ready', 'service'];
    expect(fields('Código,Nombre,Dirección,Latitud,Longitud,Demanda,Hora inicio,Hora fin,Tiempo de servicio')).toEqual(all);
    expect(fields('Cliente,Nome,Endereço,lat,lon,Quantidade,Início,Fim,Duração')).toEqual(all);
    expect(fields('Kundennr,Kundenname,Adresse,lat,lon,Menge,Lieferzeit von,Lieferzeit bis,Standzeit')).toEqual(all);
    for (const id of ['Kunde Nr', 'Kd.-Nr.', 'Kd.-Nummer']) {
      expect(fields(`${id},Kundenname,Adresse,lat,lon,Menge,Lieferzeit von,Lieferzeit bis,Standzeit`), id).toEqual(all);
    }
    expect(fields('N° client,Raison sociale,Adresse,lat,lon,Poids,Horaire début,Horaire fin,Durée')).toEqual(all);
    expect(fields('id,name,address,lat,lon,qty,Delivery window from,Delivery window to,service')).toEqual(all);
  });

  it('read Servicio and Serviço alone as the service time, as Spanish and Portuguese sheets head it', () => {
    const fields = (header: string) => mapColumns(header.split(';')).names;
    expect(fields('Código;Nombre;Latitud;Longitud;Cantidad;Hora inicio;Hora fin;Servicio (min)')).toMatchObject({
      service: 'Servicio (min)',
    });
    expect(fields('Código;Nome;lat;lon;Quantidade;Início;Fim;Serviço')).toMatchObject({ service: 'Serviço' });
  });

  it('read German Beginn and Ende as the window, as LibreOffice sheets head it', () => {
    const day = parseCustomerCsv(
      [
        '"Typ";"Kunde";"Firma";"Breite";"Länge";"Gewicht";"Beginn";"Ende";"Standzeit"',
        '"Lager";"D1";"Depot";48,13;11,57;0;07:00;18:00;0',
        '"Kunde";"K1";"Bäckerei";48,09;11,48;3,5;11:00;13:00;5',
      ].join('\n'),
      { name: 'd', capacity: 10, speedKmh: 30 },
    );
    expect(day.columns).toMatchObject({ ready: 'Beginn', due: 'Ende' });
    expect(day.instance.customers[0]).toMatchObject({ ready: 660, due: 780 });
  });

  it("name every accepted name of a missing column, so that one in the file's language can be picked", () => {
    const { problems } = mapColumns(['id', 'x', 'y', 'demand', 'Anfang', 'Schluss']);
    expect(problems).toHaveLength(2);
    for (const [field, problem] of [
      ['ready', problems[0]],
      ['due', problems[1]],
    ] as const) {
      expect(problem).toMatch(new RegExp(`^missing column ${field} \\(accepted names, case, spaces and accents aside: `));
      for (const name of COLUMN_ALIASES[field]) expect(problem).toContain(name);
      expect(problem).not.toMatch(/\d+ more/);
    }
  });

  it("read a field's name after the word an export puts before it (Delivery Window Start, Order Weight, Stop Duration)", () => {
    const fields = (header: string) => mapColumns(header.split(','));
    const us = fields('Order ID,Customer Name,Latitude,Longitude,Order Weight,Delivery Window Start,Delivery Window End,Stop Duration');
    expect(us.names).toEqual({
      id: 'Order ID',
      name: 'Customer Name',
      lat: 'Latitude',
      lon: 'Longitude',
      demand: 'Order Weight',
      ready: 'Delivery Window Start',
      due: 'Delivery Window End',
      service: 'Stop Duration',
    });
    // French, Spanish and Portuguese put the word after the field's name.
    expect(fields('Référence client,Nom du client,Adresse livraison,lat,lon,Poids commande,début,fin').names).toMatchObject({
      id: 'Référence client',
      name: 'Nom du client',
      address: 'Adresse livraison',
      demand: 'Poids commande',
    });
    expect(fields('Código cliente,Peso pedido,x,y,inicio,fin').names).toMatchObject({ id: 'Código cliente', demand: 'Peso pedido' });
    // A word that names no field after it stays a column not read; French 'demande' is the demand.
    expect(fields('id,x,y,demande,Delivery Date,ready,due').ignored).toEqual(['Delivery Date']);
    expect(fields('id,x,y,demande,ready,due').names.demand).toBe('demande');
  });

  it('read "Cliente" beside a code column as the name, alone as the id', () => {
    const day = (rows: string[]) => parseCustomerCsv(rows.join('\n'), { name: 'd', capacity: 10 }).instance.customers[0];
    expect(day(['Código,Cliente,x,y,demanda,inicio,fim', 'D,Depósito,0,0,0,0,100', 'K7,Panadería Sol,1,1,1,0,100'])).toMatchObject({
      id: 'K7',
      name: 'Panadería Sol',
    });
    expect(day(['Cliente,x,y,demanda,inicio,fim', 'D,0,0,0,0,100', 'K7,1,1,1,0,100']).id).toBe('K7');
  });

  it("read a Portuguese or Spanish type column ('Tipo') and its words, so the depot row may come anywhere", () => {
    const depotOf = (lines: string[]) => parseCustomerCsv(lines.join('\n'), { name: 'day', capacity: 10, speedKmh: 30 }).instance.depot.id;
    const header = 'Tipo,Código,Nome,lat,lon,Quantidade,Início,Fim';
    const last = ['customer,C1,Tasca,38.71,-9.18,2,10:00,11:00', 'depot,D0,Armazém Central,38.72,-9.14,0,06:30,18:30'];
    expect(depotOf([header, ...last])).toBe('D0');
    const words = ['Cliente,C1,Tasca,38.71,-9.18,2,10:00,11:00', 'Armazém,D0,Central,38.72,-9.14,0,06:30,18:30'];
    expect(depotOf([header, ...words])).toBe('D0');
    expect(depotOf([header.replace('Código', 'Codigo'), 'Almacén,D1,Central,38.72,-9.14,0,06:30,18:30', ...words.slice(0, 1)])).toBe('D1');
  });
});
