import { type DayPageOptions, dayPage } from './day-page.js';
import { CITY_DAY_CSV } from './fixtures.js';

export interface CityDayOptions extends Pick<DayPageOptions, 'viewport' | 'context'> {
  /** Another day to import in the same form (the city day with other ids, say). */
  csv?: string;
}

/**
 * One page of the app for a file's serial tests, opened before them with the fixtures' city day imported as
 * `fileName` (3 vans of 30 at 25 km/h; map tiles pointed nowhere, so no test waits on the network), closed after them.
 */
export function cityDayPage(fileName: string, { viewport, context, csv = CITY_DAY_CSV }: CityDayOptions = {}) {
  return dayPage(fileName, csv, { vehicles: 3, capacity: 30, speedKmh: 25 }, { viewport, context });
}
