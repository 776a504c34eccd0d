import { useRouteError } from 'react-router';

/** The generic crash page (SPEC §2). */
export function CrashPage() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <section className="crash-page" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p>Something went wrong while showing this page. Please reload, or go back to the home page.</p>
      <p>
        <a className="button" href="/">
          Go to the home page
        </a>
      </p>
    </section>
  );
}
