import { useMessages } from '../i18n/locale.ts';
import type { PublicTask } from '../run-model.ts';

/** 'Photos: 1 / 2 required': files confirmed on the server plus those queued on this device. */
export function PhotoCounter({ task }: { task: PublicTask }) {
  const t = useMessages();
  const required = task.task.required_media;
  const met = task.media_count >= required;
  return (
    <p className={`photo-counter${met ? ' photo-counter-met' : ''}`}>
      {t.photoCounter(task.media_count, required)}
      {met ? ' ✓' : ''}
    </p>
  );
}
