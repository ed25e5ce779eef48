import { inspectionBanner, type PublicRun } from '../run-model.ts';

/** Move-In or Move-Out Inspection, with the unit and tenant from the run's meta. */
export function InspectionBanner({ run }: { run: PublicRun }) {
  const banner = inspectionBanner(run);
  if (!banner) return null;
  return (
    <section className="inspection-banner" aria-label={banner.title}>
      <strong>{banner.title}</strong>
      {(banner.unit || banner.tenant) && (
        <span>
          {banner.unit && <>Unit {banner.unit}</>}
          {banner.unit && banner.tenant && ' · '}
          {banner.tenant && <>Tenant: {banner.tenant}</>}
        </span>
      )}
    </section>
  );
}
