/**
 * Fleet and shift: vehicles, capacity, depot hours and position, the speed of a lat/lon day, time display; Save with the
 * core's messages inline, and the core's warnings about the whole day (the fleet too small for its demand) under them,
 * as the dispatcher edits.
 */
import type { Instance } from '../../shared/domain.js';
import type { FleetField } from '../state/draft.js';
import { EditableCell } from './editable-cell.js';
import { LonFirstWarning, type MovedTo, PositionCells, useLonFirstAfterTyping } from './position-cells.js';
import { MINUTES_PER_DAY, shiftEnd } from '../../shared/clock.js';
import { formatDuration, formatTime } from '../format.js';
import { MAX_MAGNITUDE, MAX_VEHICLES, SPEED_KMH_RANGE } from '../../shared/limits.js';

interface Props {
  instance: Instance;
  /** `step` names the undo step the change joins (the cells of one pasted block make one). */
  onChange(field: FleetField, value: number, step?: string): void;
  /** The depot typed to (x, y): longitude and latitude on a lat/lon day; `step` as for onChange. */
  onMoveDepot(to: MovedTo, step?: string): void;
  onClockTimes(on: boolean): void;
  onSave(): void;
  dirty: boolean;
  saved: boolean;
  generalErrors: string[];
  /** The core's warnings that name no one customer, in its words: the day's, not a row's. */
  dayWarnings: string[];
}

export function FleetSettings({ instance, onChange, onMoveDepot, onClockTimes, onSave, dirty, saved, generalErrors, dayWarnings }: Props) {
  const t = instance.clockTimes;
  const geo = instance.coordinates?.kind === 'geo' ? instance.coordinates : null;
  // A shift end typed before its start by the clock is read as the next day's: say so, it may be a slip (05:00 for 15:00).
  const closes = shiftEnd(instance.depot.due, instance.depot.ready);
  const overnight = Boolean(t) && closes > MINUTES_PER_DAY;
  // The depot's latitude and longitude typed one at a time, judged by the day's stops as a pair typed whole is.
  const judgedBy = { places: instance.customers, nearest: 'the nearest stop' };
  const lonFirst = useLonFirstAfterTyping(instance.depot, geo !== null, judgedBy, 'depot');
  return (
    <div className="fleet-settings" data-testid="fleet-settings">
      <table className="settings-grid">
        <tbody>
          <tr>
            <th>Vehicles</th>
            <EditableCell
              label="Vehicles"
              kind="count"
              value={instance.vehicles}
              range={[1, MAX_VEHICLES]}
              testId="fleet-vehicles"
              onCommit={(v, step) => onChange('vehicles', v, step)}
            />
            <th>Capacity</th>
            <EditableCell
              label="Capacity"
              kind="count"
              value={instance.capacity}
              range={[1, MAX_MAGNITUDE]}
              testId="fleet-capacity"
              onCommit={(v, step) => onChange('capacity', v, step)}
            />
          </tr>
          <tr>
            <th>Shift start</th>
            <EditableCell
              label="Shift start"
              kind="time"
              clockTimes={t}
              value={instance.depot.ready}
              testId="fleet-depot-ready"
              onCommit={(v, step) => onChange('depotReady', v, step)}
            />
            <th>Shift end</th>
            <EditableCell
              label="Shift end"
              kind="time"
              clockTimes={t}
              value={instance.depot.due}
              testId="fleet-depot-due"
              onCommit={(v, step) => onChange('depotDue', v, step)}
              toClock={(v) => shiftEnd(v, instance.depot.ready)}
            />
          </tr>
          <PositionCells
            at={instance.depot}
            geo={geo !== null}
            of="the depot"
            heading="Depot"
            testId="fleet-depot"
            rowsSpanning={3}
            judgedBy={judgedBy}
            onMove={onMoveDepot}
            onTyped={lonFirst.onTyped}
          />
          {geo && (
            <tr>
              <th>Speed (km/h)</th>
              <EditableCell
                label="Speed in km/h"
                kind="positive"
                value={geo.speedKmh}
                range={SPEED_KMH_RANGE}
                testId="fleet-speed"
                onCommit={(v, step) => onChange('speedKmh', v, step)}
              />
            </tr>
          )}
        </tbody>
      </table>
      <LonFirstWarning warning={lonFirst.warning} testId="fleet-depot-lon-first" />
      {overnight && (
        <p className="note" data-testid="fleet-overnight">
          The shift runs overnight: {formatTime(instance.depot.ready, t)} to {formatTime(closes, t)} (
          {formatDuration(closes - instance.depot.ready, t)}).
        </p>
      )}
      <div className="settings-actions">
        <label className="checkbox">
          <input type="checkbox" checked={Boolean(t)} onChange={(e) => onClockTimes(e.target.checked)} data-testid="clock-times" />
          times as HH:MM
        </label>
        <span className="spacer" />
        {saved && !dirty && <span className="saved-note">saved</span>}
        <button className="btn" data-testid="save-instance" disabled={!dirty} onClick={onSave}>
          Save
        </button>
      </div>
      {generalErrors.length > 0 && (
        <ul className="inline-errors" data-testid="save-errors">
          {generalErrors.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      )}
      {/* Always there, so that a screen reader tells a warning as it comes with an edit (a live region added with its
          text is not read out). */}
      <div role="status" aria-label="Warnings about the day" data-testid="day-warnings">
        {dayWarnings.length > 0 && (
          <ul className="inline-warnings">
            {dayWarnings.map((m, i) => (
              <li key={i} data-testid="day-warning">
                {m}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
