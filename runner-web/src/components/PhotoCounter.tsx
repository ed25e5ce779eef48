import type { PublicTask } from '../run-model.ts';

/** 'Photos: 1 / 2 required': files confirmed on the server plus those queued on this device. */
export function PhotoCounter({ task }: { task: PublicTask }) {
  const required = task.task.required_media;
  const met = task.media_count >= required;
  return (
    <p className={`photo-counter${met ? ' photo-counter-met' : ''}`}>
      Photos: {task.media_count} / {required} required{met ? ' ✓' : ''}
    </p>
  );
}
