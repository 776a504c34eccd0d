import { useRouteError } from 'react-router';

/** The generic crash page (docs/public-site.md). Plain links and a reload: the router itself may be what failed. */
export function CrashPage() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <section className="status-page" role="alert" aria-labelledby="crash-title">
      <p className="status-code status-code-error" aria-hidden="true">
        !
      </p>
      <h1 id="crash-title">Unexpected Application Error!</h1>
      <p>Something went wrong while showing this page. Your data is safe. Please reload, or go back to the home page.</p>
      <div className="status-actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <a className="button secondary" href="/">
          Go to the home page
        </a>
      </div>
    </section>
  );
}
