export function OfflineBanner() {
  return (
    <p className="offline-banner" role="status">
      You're offline. Your actions and photos will be queued and uploaded automatically when you reconnect.
    </p>
  );
}
