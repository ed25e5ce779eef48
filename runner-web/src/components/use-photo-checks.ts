import { useState } from 'react';
import type { PhotoSource } from '../offline/offline-db.ts';
import { type CapturedPhoto, type CheckedPhoto, checkPhoto } from '../photos/photo-checks.ts';

const flagged = (photo: CheckedPhoto) => (photo.quality?.flags.length ?? 0) > 0;
const captured = ({ file, source, alignmentScore }: CheckedPhoto): CapturedPhoto => ({ file, source, alignmentScore });

/**
 * Each new photo is measured on the device before it is queued: a sharp, bright one goes straight on; a
 * blurry or dark one waits for the cleaner's Retake (dropped) or Keep (queued as it is), one at a time.
 */
export function usePhotoChecks(referenceUrl: string | null, onAccept: (photos: CapturedPhoto[]) => void) {
  const [waiting, setWaiting] = useState<CheckedPhoto[]>([]);
  /** The alignment score of the newest kept photo taken against the reference. */
  const [alignment, setAlignment] = useState<number | null>(null);

  const accept = (photos: CheckedPhoto[]) => {
    if (photos.length === 0) return;
    const scored = photos.findLast((photo) => photo.alignmentScore !== null);
    if (scored) setAlignment(scored.alignmentScore);
    onAccept(photos.map(captured));
  };

  const check = async (files: File[], source: PhotoSource) => {
    const checked: CheckedPhoto[] = [];
    for (const file of files) checked.push(await checkPhoto({ file, source }, referenceUrl));
    accept(checked.filter((photo) => !flagged(photo)));
    const doubtful = checked.filter(flagged);
    if (doubtful.length) setWaiting((current) => [...current, ...doubtful]);
  };

  const current = waiting[0] ?? null;
  return {
    check,
    /** The photo the cleaner is asked about, or null. */
    current,
    alignment,
    keep: () => {
      if (current) accept([current]);
      setWaiting((list) => list.slice(1));
    },
    /** Drops the photo; the caller reopens the capture it came from. */
    retake: () => setWaiting((list) => list.slice(1)),
  };
}
