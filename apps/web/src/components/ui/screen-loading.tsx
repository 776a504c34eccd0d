/** Shown while a screen's code loads. */
export function ScreenLoading() {
  return (
    <div className="screen-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
