import { useMessages } from '../i18n/locale.ts';
import type { PublicTask } from '../run-model.ts';

/** On a task the host sent back: the host's note on it, and the photos the host rejected, to take again. */
export function SentBackNotice({ task }: { task: PublicTask }) {
  const t = useMessages();
  const revision = task.revision;
  if (!revision) return null;
  const rejected = revision.rejected_media;
  return (
    <div className="sent-back" role="note" aria-label={t.sentBack}>
      <p className="sent-back-title">{t.sentBack}</p>
      {revision.note && (
        <p className="task-comment">
          <strong>{t.hostNote}:</strong> {revision.note}
        </p>
      )}
      {rejected.length > 0 && (
        <>
          <p>{t.rejectedPhotos(rejected.length)}</p>
          <ul className="sent-back-photos">
            {rejected.map((media, index) => (
              <li key={media.id}>
                <img
                  className="upload-thumb sent-back-rejected"
                  src={media.thumbnail_url ?? media.url}
                  alt={t.rejectedPhoto(index + 1)}
                  width={56}
                  height={56}
                  decoding="async"
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
