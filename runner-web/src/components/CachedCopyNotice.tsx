/** Shown when the server could not be reached and the run comes from this device's copy. */
export function CachedCopyNotice({ savedAt }: { savedAt: number }) {
  const time = new Date(savedAt).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <p className="notice-strip" role="note">
      Couldn't reach the server. Showing the copy saved on this device ({time}).
    </p>
  );
}
