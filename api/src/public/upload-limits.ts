export const UPLOAD_LIMITS = { photo: 25 * 1024 * 1024, video: 200 * 1024 * 1024 } as const;
export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;

export function uploadTooLargeMessage(kind: 'photo' | 'video'): string {
  return `The file is too large: ${kind === 'photo' ? 'photos' : 'videos'} can be at most ${UPLOAD_LIMITS[kind] / (1024 * 1024)} MB.`;
}
