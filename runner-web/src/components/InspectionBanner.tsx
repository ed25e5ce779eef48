import { useMessages } from '../i18n/locale.ts';
import { inspectionBanner, type PublicRun } from '../run-model.ts';

/** Move-In or Move-Out Inspection, with the unit and tenant from the run's meta. */
export function InspectionBanner({ run }: { run: PublicRun }) {
  const t = useMessages();
  const banner = inspectionBanner(run);
  if (!banner) return null;
  const title = banner.kind === 'move_in' ? t.moveIn : t.moveOut;
  return (
    <section className="inspection-banner" aria-label={title}>
      <strong>{title}</strong>
      {(banner.unit || banner.tenant) && (
        <span>
          {banner.unit && t.unit(banner.unit)}
          {banner.unit && banner.tenant && ' · '}
          {banner.tenant && t.tenant(banner.tenant)}
        </span>
      )}
    </section>
  );
}
