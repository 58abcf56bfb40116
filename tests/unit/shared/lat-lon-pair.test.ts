import { describe, expect, it } from 'vitest';
import { latLonPair } from '../../../src/shared/lat-lon-pair.js';

describe('a lat, lon pair in one text', () => {
  it('reads a position as maps copy it, latitude first, keeping the digits as written', () => {
    expect(latLonPair('48.137, 11.575')).toEqual({ lat: '48.137', lon: '11.575' });
    expect(latLonPair(' (-33.8688; 151.2093) ')).toEqual({ lat: '-33.8688', lon: '151.2093' });
    expect(latLonPair('52.5200 13.4050')).toEqual({ lat: '52.5200', lon: '13.4050' });
  });

  it('is not a decimal comma, one number, or numbers out of a latitude and longitude range', () => {
    for (const text of ['48,137', '48.137', '91.5, 11.575', '48.137, 181.5', '48, 11', 'Main St 4, Berlin']) {
      expect(latLonPair(text), text).toBeNull();
    }
  });
});
