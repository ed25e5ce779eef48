import { useId, useState } from 'react';
import { useMessages } from '../i18n/locale.ts';
import type { PublicSupply, SupplyLevel } from '../run-model.ts';

type Count = (supply: PublicSupply, count: number | null, level: SupplyLevel) => void;

/**
 * The property's supplies to count: a number, or Low / Out with one tap. Each is queued on the device
 * like a task's tick, so it works the same without a signal.
 */
export function SuppliesCard({
  supplies,
  busy,
  onCount,
}: {
  supplies: readonly PublicSupply[];
  busy: boolean;
  onCount: Count;
}) {
  const t = useMessages();
  if (supplies.length === 0) return null;
  return (
    <section className="card supplies" aria-labelledby="supplies-title">
      <h2 id="supplies-title">{t.suppliesTitle}</h2>
      <p className="muted">{t.suppliesHint}</p>
      <ul className="supply-list">
        {supplies.map((supply) => (
          <SupplyRow key={supply.id} supply={supply} busy={busy} onCount={onCount} />
        ))}
      </ul>
    </section>
  );
}

function SupplyRow({ supply, busy, onCount }: { supply: PublicSupply; busy: boolean; onCount: Count }) {
  const t = useMessages();
  const inputId = useId();
  const [draft, setDraft] = useState(supply.level === 'counted' && supply.count !== null ? String(supply.count) : '');
  const typed = /^\d{1,6}$/.test(draft.trim()) ? Number(draft.trim()) : null;
  const state =
    supply.level === 'low'
      ? t.supplyIsLow
      : supply.level === 'out'
        ? t.supplyIsOut
        : supply.count !== null
          ? t.supplyCounted(supply.count, supply.unit)
          : t.supplyNotCounted;
  return (
    <li className="supply">
      <div className="supply-heading">
        <strong>{supply.name}</strong>
        <span className="muted">{t.supplyPar(supply.par_level, supply.unit)}</span>
      </div>
      <p className="supply-state" aria-live="polite">
        {state}
      </p>
      <form
        className="supply-count"
        onSubmit={(event) => {
          event.preventDefault();
          if (typed !== null) onCount(supply, typed, 'counted');
        }}
      >
        <label htmlFor={inputId} className="field-label">
          {t.supplyCountLabel(supply.name)}
        </label>
        <div className="button-row">
          <input
            id={inputId}
            className="textarea supply-input"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="button button-primary" disabled={busy || typed === null}>
            {t.supplySave}
          </button>
        </div>
        <div className="button-row">
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => onCount(supply, null, 'low')}
          >
            {t.supplyLow}
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => onCount(supply, 0, 'out')}
          >
            {t.supplyOut}
          </button>
        </div>
      </form>
    </li>
  );
}
