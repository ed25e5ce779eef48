import type { PhotoCheck, PhotoCheckDetails } from '@turnproof/db';
import { html, type SafeHtml } from './html.ts';

/** A server check that flagged a photo, and whether the host accepted it (it still shows, marked accepted). */
export interface ReportPhotoFlag {
  check: PhotoCheck;
  accepted: boolean;
  /** The earlier run a reused photo repeats. */
  reusedFromRunId: string | null;
}

/** The same sentences the console shows on the run page (console/src/i18n, runPage.photoChecks). */
const SENTENCES: Record<PhotoCheck, string> = {
  blurry: 'The photo looks blurry.',
  dark: 'The photo looks too dark.',
  reused: 'The same picture was sent in an earlier run.',
  captured_before_run: 'The photo was taken before this run was created.',
  not_from_camera: 'The photo does not come from a camera, and this task asks for one.',
};

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
export function photoFlagSentence(flag: ReportPhotoFlag): string {
  const sentence =
    flag.reusedFromRunId === null
      ? SENTENCES[flag.check]
      : `${SENTENCES[flag.check].slice(0, -1)} (run ${flag.reusedFromRunId}).`;
  return flag.accepted ? `Accepted by the host: ${sentence}` : sentence;
}

/** The flags under a photo's caption; nothing for a photo the checks passed (or not checked yet). */
export function renderPhotoFlags(flags: readonly ReportPhotoFlag[] | undefined): SafeHtml | null {
  if (!flags || flags.length === 0) return null;
  return html`<ul class="photo-flags">
    ${flags.map((flag) => html`<li class="${flag.accepted ? 'accepted' : 'open'}">${photoFlagSentence(flag)}</li>`)}
  </ul>`;
}

export const PHOTO_FLAGS_CSS = `
.photo-flags { list-style: none; margin: 2pt 0 0; padding: 0; font-size: 8.5pt; }
.photo-flags li.open { color: #9a4d00; font-weight: 600; }
.photo-flags li.accepted { color: var(--muted); }
`;
