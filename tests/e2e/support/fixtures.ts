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

export const GOOD_CSV = [HEADER, DEPOT, ...CUSTOMERS].join('\n') + '\n';

/** Row 5 (customer 3) has a demand that is not a number; row 9 (customer 7) opens after it closes. */
export const BAD_CSV = GOOD_CSV.replace('3,15,40,10,200,320,10', '3,15,40,ten,200,320,10').replace('7,75,80,18,300,450,10', '7,75,80,18,500,450,10');
