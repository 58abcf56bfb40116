/**
 * How a plan's quantities read for one instance. Travel on a lat/lon day is driving minutes (distance at the
 * fleet's speed), so its distance is shown in km and its durations as hours and minutes; a planar day keeps the
 * coordinates' own units. Times of day read HH:MM under clock times. Every view formats through this one place.
 */
import { type Instance, kmDriven } from '../shared/domain.js';
import { formatCost, formatDelta, formatDuration, formatTenths, formatTime, UNDER_A_MINUTE } from './format.js';

export interface Units {
  /** "km" on a lat/lon day, "" (the coordinates' units) on a planar one. */
  distanceUnit: string;
  distance(travel: number): string;
  duration(minutes: number): string;
  time(value: number): string;
  /** A moment (a window's opening, a departure): midnight after the first day is 00:00+1, not the day's end 24:00. */
  moment(value: number): string;
  /** A signed change of a distance, a duration or a plain number, in the same units. */
  delta(value: number, kind: 'distance' | 'duration' | 'number' | 'cost'): string;
  /**
   * b − a of two figures shown side by side, from the figures as shown (a tenth of a km or of a cost, a whole minute),
   * so that the column adds up: 34h42m and 4h54m differ by 29h48m, whatever their seconds.
   */
  difference(a: number, b: number, kind: 'distance' | 'duration' | 'number' | 'cost'): string;
}

export function unitsOf(instance: Pick<Instance, 'coordinates' | 'clockTimes'>): Units {
  const geo = instance.coordinates?.kind === 'geo' ? instance.coordinates : null;
  // On a lat/lon day travel is in minutes even without clock times in the file.
  const minutes = Boolean(instance.clockTimes || geo);
  const km = (travel: number) => (geo ? kmDriven(travel, geo.speedKmh) : travel);
  // Always to one decimal: "33.0 km" beside "32.5 km", and a change "−34.0 km" beside "−33.6 km" (the delta is written by it too).
  const distance = (travel: number) => (geo ? `${formatTenths(km(travel))} km` : formatTenths(travel));
  const duration = (value: number) => formatDuration(value, minutes);
  const tenths = (v: number) => Math.round(v * 10) / 10;
  return {
    distanceUnit: geo ? 'km' : '',
    distance,
    duration,
    time: (value) => formatTime(value, instance.clockTimes),
    moment: (value) => formatTime(value, instance.clockTimes, true),
    delta(value, kind) {
      if (kind === 'number') return formatDelta(value);
      const shown = kind === 'distance' ? km(value) : value;
      if (Math.abs(shown) < 0.05) return '0';
      const sizeOf = (v: number) => (kind === 'distance' ? distance(v) : kind === 'cost' ? formatCost(v) : duration(v));
      const size = sizeOf(Math.abs(value));
      // A change smaller than what is shown (seconds of waiting in minutes) is none: "0", not "−0m" or "+<1m".
      if (size === UNDER_A_MINUTE || size === sizeOf(0)) return '0';
      return `${shown > 0 ? '+' : '−'}${size}`;
    },
    difference(a, b, kind) {
      if (kind === 'duration' && minutes) {
        // Figures shown apart differ by what shows: "0m" and "<1m" by "+<1m", not by "0" as their whole minutes do.
        const whole = Math.round(b) - Math.round(a);
        if (whole === 0 && duration(a) !== duration(b)) return `${b > a ? '+' : '−'}${UNDER_A_MINUTE}`;
        return this.delta(whole, kind);
      }
      // A distance's tenths are of km on a lat/lon day: rounded there, then back to the travel minutes delta takes.
      if (kind === 'distance' && geo) return this.delta(((tenths(km(b)) - tenths(km(a))) * 60) / geo.speedKmh, kind);
      if (kind === 'distance' || kind === 'cost') return this.delta(tenths(b) - tenths(a), kind);
      return this.delta(b - a, kind);
    },
  };
}
