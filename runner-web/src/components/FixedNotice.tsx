import { useMessages } from '../i18n/locale.ts';
import type { PublicRun } from '../run-model.ts';

/** Repairs a vendor finished at the property since its last run: the cleaner need not report them again. */
export function FixedNotice({ run }: { run: PublicRun }) {
  const t = useMessages();
  if (run.fixed_work_orders.length === 0) return null;
  return (
    <section className="card fixed-notice" aria-label={t.fixedTitle}>
      <h2>{t.fixedTitle}</h2>
      <ul>
        {run.fixed_work_orders.map((order) => (
          <li key={order.id}>{t.fixed(order.title)}</li>
        ))}
      </ul>
    </section>
  );
}
