import { describe, expect, it } from 'vitest';
import { latLonPair, positionPair } from '../../../src/shared/lat-lon-pair.js';

describe('a lat, lon pair in one text', () => {
  it('reads a position as maps copy it, latitude first, keeping the digits as written', () => {
    expect(latLonPair('48.137, 11.575')).toEqual({ lat: '48.137', lon: '11.575' });
    expect(latLonPair(' (-33.8688; 151.2093) ')).toEqual({ lat: '-33.8688', lon: '151.2093' });
    expect(latLonPair('52.5200 13.4050')).toEqual({ lat: '52.5200', lon: '13.4050' });
  });

  it("reads a spreadsheet's two cells and decimal commas kept apart by ';', a tab or a space", () => {
    expect(latLonPair('53.5511\t9.9937\r\n')).toEqual({ lat: '53.5511', lon: '9.9937' });
    expect(latLonPair('53,5511;9,9937')).toEqual({ lat: '53,5511', lon: '9,9937' });
    expect(latLonPair('53,5511; 9,9937')).toEqual({ lat: '53,5511', lon: '9,9937' });
    expect(latLonPair('53,5511\t9,9937')).toEqual({ lat: '53,5511', lon: '9,9937' });
    expect(latLonPair('-33,8688 151,2093')).toEqual({ lat: '-33,8688', lon: '151,2093' });
  });

  it('is not a decimal comma, one number, numbers out of a latitude and longitude range, or two rows', () => {
    for (const text of [
      '48,137',
      '48.137',
      '91.5, 11.575',
      '48.137, 181.5',
      '48, 11',
      'Main St 4, Berlin',
      '53,5511, 9,9937',
      '53.5511\n9.9937',
      '53.5511\t9.9937\t12',
    ]) {
      expect(latLonPair(text), JSON.stringify(text)).toBeNull();
    }
  });
});

describe('a position pair for two cells', () => {
  it('gives both texts whatever their range, for each cell to check as typed', () => {
    expect(positionPair('53.5511, 9.9937')).toEqual(['53.5511', '9.9937']);
    expect(positionPair('53.5511 9.9937')).toEqual(['53.5511', '9.9937']);
    expect(positionPair('9.9937, 153.5511')).toEqual(['9.9937', '153.5511']);
    expect(positionPair('-122.3321, 47.6062')).toEqual(['-122.3321', '47.6062']);
    expect(positionPair('53,5511;9,9937')).toEqual(['53,5511', '9,9937']);
  });

  it("takes a spreadsheet's row of two cells as the pair, what each holds checked by its cell", () => {
    expect(positionPair('50\t75\r\n')).toEqual(['50', '75']);
    expect(positionPair(' 53.5 \tnorth')).toEqual(['53.5', 'north']);
    expect(positionPair('53.5\t')).toEqual(['53.5', '']);
  });

  it('is null for one value, three cells, two rows or words', () => {
    for (const text of ['53.5511', '53,5511', '50\t60\t70', '50\r\n60', '53,5511, 9,9937', 'Hamburg, Germany', '']) {
      expect(positionPair(text), JSON.stringify(text)).toBeNull();
    }
  });
});
