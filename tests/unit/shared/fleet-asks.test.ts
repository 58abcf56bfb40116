import { describe, expect, it } from 'vitest';
import { askedInDialog, fleetAsk } from '../../../src/shared/fleet-asks.js';

describe('how a missing fleet value is asked for', () => {
  it('names the request field to an API caller, the flag to a jampr user and the field to type to the dispatcher', () => {
    expect(fleetAsk('capacity', 'request')).toBe('the vehicle capacity is required: send it as capacity');
    expect(fleetAsk('speed', 'flags')).toBe('the travel speed in km/h is required for lat/lon data: give it with --speed');
    expect(fleetAsk('capacity', 'dialog')).toBe('the vehicle capacity is required: type it in the Capacity field above');
  });

  it("words the API's answer for the import dialog, and leaves every other problem as it is", () => {
    expect(askedInDialog(fleetAsk('capacity', 'request'))).toBe(fleetAsk('capacity', 'dialog'));
    expect(askedInDialog(fleetAsk('speed', 'request'))).toBe(
      'the travel speed in km/h is required for lat/lon data: type it in the Speed km/h field above',
    );
    const row = "row 4, column ready: '7.30' is a plain number";
    expect(askedInDialog(row)).toBe(row);
  });
});
