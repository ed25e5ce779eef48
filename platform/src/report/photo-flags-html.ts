import type { PhotoCheck, PhotoCheckDetails } from '@turnproof/db';
import { html, type SafeHtml } from './html.ts';
import type { ReportTexts } from './report-texts.ts';

/** A server check that flagged a photo, and whether the host accepted it (it still shows, marked accepted). */
export interface ReportPhotoFlag {
  check: PhotoCheck;
  accepted: boolean;
  /** The earlier run a reused photo repeats. */
  reusedFromRunId: string | null;
}

/** A stored photo's flags, in the order the checks found them. */
export function photoFlagsOf(photo: {
  checks?: PhotoCheck[] | null;
  accepted_checks?: PhotoCheck[] | null;
  check_details?: PhotoCheckDetails | null;
}): ReportPhotoFlag[] {
  return (photo.checks ?? []).map((check) => ({
    check,
    accepted: (photo.accepted_checks ?? []).includes(check),
    reusedFromRunId: check === 'reused' ? (photo.check_details?.reused_from?.run_id ?? null) : null,
  }));
}

/** 'The photo looks blurry.', 'The same picture was sent in an earlier run (run …).', prefixed when accepted. */
export function photoFlagSentence(flag: ReportPhotoFlag, t: ReportTexts): string {
  const sentence =
    flag.reusedFromRunId === null
      ? t.photoChecks[flag.check]
      : `${t.photoChecks[flag.check].slice(0, -1)} (${t.reusedFrom(flag.reusedFromRunId)}).`;
  return flag.accepted ? t.acceptedCheck(sentence) : sentence;
}

/** The flags under a photo's caption; nothing for a photo the checks passed (or not checked yet). */
export function renderPhotoFlags(flags: readonly ReportPhotoFlag[] | undefined, t: ReportTexts): SafeHtml | null {
  if (!flags || flags.length === 0) return null;
  return html`<ul class="photo-flags">
    ${flags.map((flag) => html`<li class="${flag.accepted ? 'accepted' : 'open'}">${photoFlagSentence(flag, t)}</li>`)}
  </ul>`;
}

export const PHOTO_FLAGS_CSS = `
.photo-flags { list-style: none; margin: 2pt 0 0; padding: 0; font-size: 8.5pt; }
.photo-flags li.open { color: #9a4d00; font-weight: 600; }
.photo-flags li.accepted { color: var(--muted); }
`;
