import { html, type SafeHtml } from './html.ts';
import type { ReportTexts } from './report-texts.ts';

/** A pair's side-by-side image with its changed regions outlined and numbered, and the host's decisions. */
export interface ReportChangeMap {
  /** Reads the stored side-by-side image. */
  read: () => Promise<Buffer>;
  /** Reads the image already downscaled for reports, made with it (null for a map made before). */
  readReportCopy?: () => Promise<Buffer | null>;
  regions: { number: number; status: 'proposed' | 'confirmed' | 'dismissed' }[];
}

/** How a confirmed region is named: the claim calls it damage, the report what the host did. */
export type ConfirmedWording = 'damage' | 'confirmed';

/** The outlined images of changes between the two runs' photos, each with its "possible changes" list. */
export function renderChangeMaps(
  maps: ReportChangeMap[],
  urls: ReadonlyMap<object, string | null>,
  wording: ConfirmedWording,
  t: ReportTexts,
): SafeHtml | null {
  const shown = maps.filter((map) => map.regions.length > 0);
  if (shown.length === 0) return null;
  return html`<div class="change-maps">
    <h4>${t.changesHeading}</h4>
    ${shown.map((map) => {
      const url = urls.get(map);
      return html`<figure class="change-map">
        ${
          url
            ? html`<img src="${url}" alt="${t.changeMap}" />`
            : html`<div class="photo-missing">${t.changeMapNotShown}</div>`
        }
        <figcaption>
          <ol>
            ${map.regions.map(
              (region) =>
                html`<li value="${region.number}">
                  ${t.changeStatuses[region.status === 'confirmed' ? wording : region.status]}
                </li>`,
            )}
          </ol>
        </figcaption>
      </figure>`;
    })}
  </div>`;
}

export const CHANGE_MAP_CSS = `
.change-maps { margin-top: 6pt; break-inside: avoid; }
.change-maps h4 { margin: 0 0 2pt; font-size: 9pt; color: var(--muted); text-transform: uppercase; }
.change-map img { width: 100%; }
.change-map ol { margin: 2pt 0 0; padding-left: 14pt; }
`;
