/**
 * Adds a customer by its position, typed: the keyboard's way to what a click on the map does in "+ Stop" mode, and
 * the way to put a stop exactly where a delivery note says. The new customer gets what a map click gives it (the
 * shift as its window, the day's usual demand and service), then the name and demand typed here; the rest is edited
 * in the table. A position written longitude first, both numbers within ±90° ("13.415, 52.545" on a Berlin day), is
 * refused on submit with the message the position cells give it (lonFirstReading, judged by the depot: stopJudgedBy).
 */
import { useMemo, useState } from 'react';
import type { Instance } from '../../shared/domain.js';
import { lonFirstReading, stopJudgedBy } from '../../shared/far-from-depot.js';
import { latLonPair } from '../../shared/lat-lon-pair.js';
import { addCustomer, messagesByCustomer, updateCustomer } from '../state/draft.js';
import { parseCoordinate, parseNonNegative, positionAxes } from '../format.js';
import { useLiveProblems } from '../state/use-live-problems.js';
import { Modal } from './modal.js';
import { lonFirstMessage } from './position-cells.js';

interface Props {
  instance: Instance;
  onAdd(instance: Instance, id: string): void;
  onClose(): void;
}

export function AddCustomerDialog({ instance, onAdd, onClose }: Props) {
  const geo = instance.coordinates?.kind === 'geo';
  const [name, setName] = useState('');
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [demand, setDemand] = useState('');
  // A position pasted whole, as a map copies it ("48.137, 11.575"), into either degree field: split into both.
  const typed = (set: (text: string) => void, text: string) => {
    const pair = geo ? latLonPair(text) : null;
    if (!pair) return set(text);
    setFirst(pair.lat);
    setSecond(pair.lon);
  };
  // Lat/lon days are written latitude first, as maps and delivery notes give them; the instance keeps x = longitude.
  const axes = positionAxes(geo);
  const fields = [
    {
      label: axes[0].label,
      text: first,
      set: (text: string) => typed(setFirst, text),
      parse: (text: string) => parseCoordinate(text, axes[0].kind),
      testId: 'add-customer-first',
    },
    {
      label: axes[1].label,
      text: second,
      set: (text: string) => typed(setSecond, text),
      parse: (text: string) => parseCoordinate(text, axes[1].kind),
      testId: 'add-customer-second',
    },
    {
      label: 'Demand',
      text: demand,
      set: setDemand,
      // More than a vehicle carries is allowed, as the import allows it: the check below warns that no plan serves it.
      parse: parseNonNegative,
      testId: 'add-customer-demand',
      optional: true,
    },
  ];
  const results = fields.map((f) => (f.optional && f.text.trim() === '' ? null : f.parse(f.text)));
  const ready = results.every((r) => r === null || r.ok);
  const [a, b, q] = results.map((r) => (r?.ok ? r.value : undefined));

  // The day with the customer added, checked as the table checks every edit: a point no vehicle reaches in the shift
  // (a typo in a degree, 400 km away) is said here, before it is added.
  const added = useMemo(() => {
    if (!ready) return null;
    const [x, y] = geo ? [b!, a!] : [a!, b!];
    const put = addCustomer(instance, x, y);
    let next = q === undefined ? put.instance : updateCustomer(put.instance, put.id, 'demand', q);
    if (name.trim() !== '') next = { ...next, customers: next.customers.map((c) => (c.id === put.id ? { ...c, name: name.trim() } : c)) };
    return { instance: next, id: put.id };
  }, [ready, geo, a, b, q, name, instance]);
  const check = useLiveProblems(added?.instance ?? null, `add ${a} ${b} ${q}`);
  const warnings = added && check ? (messagesByCustomer(check.warnings, added.instance).byCustomer.get(added.id) ?? []) : [];

  // A pair refused on submit, with the position it was refused for: typing another position clears it.
  const [refused, setRefused] = useState<{ at: string; message: string } | null>(null);
  const at = `${a} ${b}`;
  const add = () => {
    if (!added) return;
    if (geo) {
      const typedAt = { x: b!, y: a! };
      const lonFirst = lonFirstReading(typedAt, stopJudgedBy(instance.depot, instance.customers));
      if (lonFirst) return setRefused({ at, message: lonFirstMessage(typedAt, lonFirst, 'the depot') });
    }
    onAdd(added.instance, added.id);
  };
  const refusal = refused?.at === at ? refused.message : null;

  const footer = (
    <>
      <span className="hint spacer">Its window follows the shift; edit it and the service time in the table.</span>
      <button className="btn" onClick={onClose}>
        Cancel
      </button>
      <button type="submit" form="add-customer-form" className="btn btn-primary" data-testid="add-customer-confirm" disabled={!ready}>
        Add customer
      </button>
    </>
  );
  return (
    <Modal title="Add a customer" onClose={onClose} footer={footer} testId="add-customer-dialog">
      {/* A form, so that Enter in any field adds the customer (the footer's button submits it). */}
      <form
        id="add-customer-form"
        className="row-fields"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <label className="field-inline">
          <span>Name</span>
          <input value={name} placeholder="optional" data-testid="add-customer-name" onChange={(e) => setName(e.target.value)} />
        </label>
        {fields.map((f, i) => {
          const result = results[i];
          const problem = result && !result.ok && f.text.trim() !== '' ? result.message : null;
          return (
            <label key={f.testId} className={`field-inline${problem ? ' has-error' : ''}`}>
              <span>{f.label}</span>
              <input
                value={f.text}
                inputMode="decimal"
                placeholder={f.optional ? 'the usual' : undefined}
                aria-invalid={problem !== null || undefined}
                data-testid={f.testId}
                onChange={(e) => f.set(e.target.value)}
              />
              {problem && <em className="field-error">{problem}</em>}
            </label>
          );
        })}
      </form>
      {refusal && (
        <p className="add-customer-refused" role="alert" data-testid="add-customer-refused">
          {refusal}
        </p>
      )}
      {warnings.length > 0 && (
        <p className="add-customer-warning" data-testid="add-customer-warning">
          {warnings.join('; ')}
        </p>
      )}
    </Modal>
  );
}
