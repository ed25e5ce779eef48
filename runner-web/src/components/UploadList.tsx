import { useEffect, useRef } from 'react';
import { useMessages } from '../i18n/locale.ts';
import type { Messages } from '../i18n/messages.ts';
import { RunnerApiError } from '../offline/runner-api.ts';
import type { UploadItem } from '../runner/upload-items.ts';

interface UploadListProps {
  items: readonly UploadItem[];
  /** Retry needs a connection. */
  online: boolean;
  onRemove: (queueId: number) => void;
  onRetry: () => void;
}

/** The spec's sentence for the step that failed: 'Failed to get upload URL', 'Failed to confirm upload', ... */
function failureText(t: Messages, error: unknown): string {
  const step = error instanceof RunnerApiError ? error.step : '';
  return t.uploadFailure[step] ?? t.failedToUploadFile;
}

function stateText(t: Messages, item: UploadItem): string {
  switch (item.state) {
    case 'queued':
      return t.toastQueued;
    case 'uploading':
      return t.uploading(item.percent ?? 0);
    case 'uploaded':
      return t.fileUploaded;
    case 'failed':
      return failureText(t, item.error);
  }
}

/** A photo still on this device, drawn from its stored bytes through an object URL, revoked once not shown. */
function StoredPhoto({ blob }: { blob: Blob }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(blob);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return <img ref={image} className="upload-thumb" alt="" width={56} height={56} decoding="async" />;
}

/** A photo's thumbnail (the stored bytes, or the server's thumbnail); a video's icon (no decoding of the clip). */
function Thumbnail({ item }: { item: UploadItem }) {
  if (item.kind === 'photo' && item.blob) return <StoredPhoto blob={item.blob} />;
  if (item.kind === 'photo' && item.url) {
    return (
      <img className="upload-thumb" src={item.url} alt="" width={56} height={56} decoding="async" loading="lazy" />
    );
  }
  return (
    <span className="upload-thumb upload-thumb-icon" aria-hidden="true">
      {item.kind === 'video' && (
        <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
          <rect x="2" y="5" width="14" height="14" rx="3" fill="currentColor" />
          <path d="M17 10l5-3v10l-5-3z" fill="currentColor" />
        </svg>
      )}
    </span>
  );
}

/**
 * The task's photos and videos, each with where its upload is: Queued, Uploading... n% (a progress
 * bar), File uploaded successfully, or the failure with Retry. A file not yet confirmed can be removed.
 */
export function UploadList({ items, online, onRemove, onRetry }: UploadListProps) {
  const t = useMessages();
  if (items.length === 0) return null;
  return (
    <ul className="uploads" aria-label={t.uploadsLabel}>
      {items.map((item) => {
        const name = t.mediaName(item.kind, item.number);
        const state = stateText(t, item);
        return (
          <li key={item.key} className={`upload upload-${item.state}`}>
            <Thumbnail item={item} />
            <div className="upload-body">
              <span className="upload-name">{name}</span>
              <span className="upload-state">{state}</span>
              {item.state === 'uploading' && (
                <div
                  className="upload-bar"
                  role="progressbar"
                  aria-label={t.uploadProgress(name)}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={item.percent ?? 0}
                >
                  <span style={{ width: `${item.percent ?? 0}%` }} />
                </div>
              )}
            </div>
            {(item.state === 'failed' || item.removableId !== null) && (
              <div className="upload-actions">
                {item.state === 'failed' && (
                  <button
                    type="button"
                    className="upload-button"
                    aria-label={t.retryFile(name)}
                    disabled={!online}
                    onClick={onRetry}
                  >
                    {t.retry}
                  </button>
                )}
                {item.removableId !== null && (
                  <button
                    type="button"
                    className="upload-button upload-button-remove"
                    aria-label={t.removeFile(name)}
                    onClick={() => onRemove(item.removableId!)}
                  >
                    {t.remove}
                  </button>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
