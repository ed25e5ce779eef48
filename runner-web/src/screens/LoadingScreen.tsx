export function LoadingScreen() {
  return (
    <div className="centered" role="status">
      <span className="spinner" aria-hidden="true" />
      <p>Loading checklist...</p>
    </div>
  );
}
