/** Shown while a screen's code loads (at least 100 ms, docs/public-site.md). Fades in late so quick loads never flash. */
export function ScreenLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="screen-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="screen-loading-label">{label}</span>
    </div>
  );
}
