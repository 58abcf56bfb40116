/**
 * The e2e instance: a depot at (50, 50) and twelve customers. Customers 11 and 12 sit 5 apart, 40 from the
 * depot, both due at 45: one vehicle cannot be on time at both (40 + 10 service + 5 > 45), so a hard plan serves
 * them from two routes, a soft plan (lateness at 0.5 per unit, cheaper than a second trip of ~80) joins them and
 * serves one late, and moving one onto the other's route in the hard plan makes it late.
 */
const HEADER = 'id,x,y,demand,ready,due,service';
const DEPOT = '0,50,50,0,0,1000,0';
const CUSTOMERS = [
  '1,20,70,10,0,1000,10',
  '2,30,85,15,0,1000,10',
  '3,15,40,10,200,320,10',
  '4,25,20,20,0,1000,10',
  '5,45,15,10,100,250,10',
  '6,65,25,12,0,1000,10',
  '7,75,80,18,300,450,10',
  '8,55,90,10,0,1000,10',
  '9,40,65,8,0,1000,10',
  '10,80,30,14,0,1000,10',
  '11,90,50,10,0,45,10',
  '12,90,55,10,0,45,10',
];
export const TIGHT_PAIR = ['11', '12'] as const;
export const CUSTOMER_COUNT = CUSTOMERS.length;
export const CAPACITY = 100;
export const VEHICLES = 6;

export const GOOD_CSV = `${[HEADER, DEPOT, ...CUSTOMERS].join('\n')}\n`;

/** Row 5 (customer 3) has a demand that is not a number; row 9 (customer 7) opens after it closes. */
export const BAD_CSV = GOOD_CSV.replace('3,15,40,10,200,320,10', '3,15,40,ten,200,320,10').replace(
  '7,75,80,18,300,450,10',
  '7,75,80,18,500,450,10',
);

/** A small lat/lon instance in Berlin with clock times (minutes since midnight, shown as HH:MM). */
export const GEO_CSV = [
  'type,id,lat,lon,demand,ready,due,service',
  'depot,D,52.5200,13.4050,0,07:00,17:00,0',
  'customer,C1,52.5310,13.3840,5,08:00,10:00,10',
  'customer,C2,52.5080,13.3760,8,09:00,12:00,10',
  'customer,C3,52.4980,13.4230,4,07:30,09:30,15',
  'customer,C4,52.5410,13.4120,6,10:00,13:00,10',
  'customer,C5,52.5150,13.4520,7,08:30,11:00,10',
  'customer,C6,52.4890,13.3950,3,12:00,15:00,10',
].join('\n');
export const GEO_SPEED_KMH = 25;
/** A tile server that refuses connections, so the offline fallback shows even where there is network. */
export const UNREACHABLE_TILES = 'http://127.0.0.1:9/{z}/{x}/{y}.png';

/** A lat/lon city day of ten shops around a Berlin depot, with clock times, a name and an address per stop. */
export const CITY_DAY_CSV = [
  'type,id,name,address,lat,lon,demand,ready,due,service',
  'depot,D,Central depot,"Alexanderplatz 1, Berlin",52.5219,13.4132,0,07:00,18:00,0',
  'customer,S1,Bakery Moll,"Torstraße 12, Berlin",52.5290,13.4010,6,08:00,11:00,10',
  'customer,S2,Corner Shop Ay,"Oranienstraße 40, Berlin",52.5020,13.4180,8,09:00,12:00,10',
  'customer,S3,Café Linde,"Kastanienallee 7, Berlin",52.5380,13.4090,4,07:30,10:30,15',
  'customer,S4,Kiosk Nord,"Schönhauser Allee 80, Berlin",52.5480,13.4130,5,10:00,14:00,10',
  'customer,S5,Bio Markt Ost,"Frankfurter Allee 55, Berlin",52.5150,13.4550,7,08:30,12:00,10',
  'customer,S6,Deli Süd,"Bergmannstraße 3, Berlin",52.4890,13.3950,3,12:00,16:00,10',
  'customer,S7,Blumen Kraus,"Invalidenstraße 20, Berlin",52.5300,13.3800,5,09:30,13:30,10',
  'customer,S8,Weinhandel Roth,"Friedrichstraße 101, Berlin",52.5170,13.3880,6,11:00,15:00,10',
  'customer,S9,Späti Eck,"Warschauer Straße 33, Berlin",52.5080,13.4490,2,13:00,17:00,5',
  'customer,S10,Buchladen Mitte,"Karl-Marx-Allee 90, Berlin",52.5180,13.4300,2,08:00,17:00,5',
].join('\n');
export const CITY_DAY_STOPS = 10;

type ClockCell = 'demand' | 'ready' | 'due';
/**
 * A planar day of five customers (C1..C5) with HH:MM windows, and cells of some customers replaced: customer k
 * is on CSV row k + 2 (the header is row 1, the depot row 2), as a spreadsheet numbers them.
 */
export function clockCsv(changes: Record<number, Partial<Record<ClockCell, string>>> = {}): string {
  const customers = [
    { demand: '5', ready: '08:00', due: '11:00' },
    { demand: '6', ready: '09:00', due: '12:00' },
    { demand: '4', ready: '07:30', due: '10:30' },
    { demand: '5', ready: '10:00', due: '14:00' },
    { demand: '3', ready: '12:00', due: '16:00' },
  ];
  const positions = ['20,70', '30,85', '15,40', '25,20', '45,15'];
  const rows = customers.map((c, i) => {
    const cells = { ...c, ...changes[i + 1] };
    return `C${i + 1},${positions[i]},${cells.demand},${cells.ready},${cells.due},10`;
  });
  return `${['id,x,y,demand,ready,due,service', 'D,50,50,0,07:00,18:00,0', ...rows].join('\n')}\n`;
}

/** Numbers in [0, 1) that are the same for the same seed on every run (a day spread the same way each time). */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16_807) % 2_147_483_647;
    return state / 2_147_483_647;
  };
}

/** The ids of a real day's westernmost and easternmost stops: wider than a marker, drawn as pills. */
export const EDGE_IDS = ['west-end-corner-shop', 'east-end-corner-shop'] as const;

/**
 * A real day's size in lat/lon: `stops` shops over about 17 x 15 km of Berlin with three-hour HH:MM windows between
 * 08:00 and 17:00 and demands of 1 to 6 (the 3 vans of 30 that cityDayPage gives it leave dozens of them out); the
 * first and last lie well west and east of the rest, with long ids and the day's largest demand (so their pills are
 * never the labels a crowded map hides).
 */
export function realDayCsv(stops: number): string {
  const random = seededRandom(29);
  const rows = ['type,id,name,lat,lon,demand,ready,due,service', 'depot,D,Depot Mitte,52.5200,13.4050,0,07:00,18:00,0'];
  const window = () => {
    const opens = 8 + Math.floor(random() * 7);
    return `${String(opens).padStart(2, '0')}:00,${String(opens + 3).padStart(2, '0')}:00`;
  };
  rows.push(`customer,${EDGE_IDS[0]},Corner West,52.5200,13.2000,9,${window()},8`);
  for (let i = 1; i <= stops - 2; i++) {
    const lat = (52.45 + random() * 0.14).toFixed(5);
    const lon = (13.28 + random() * 0.25).toFixed(5);
    rows.push(`customer,R${i},Shop ${i},${lat},${lon},${1 + Math.floor(random() * 6)},${window()},8`);
  }
  rows.push(`customer,${EDGE_IDS[1]},Corner East,52.5200,13.6000,9,${window()},8`);
  return `${rows.join('\n')}\n`;
}
