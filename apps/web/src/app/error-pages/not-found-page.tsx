import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';
import { paths } from '../../lib/paths';

/** An unknown URL: say so plainly and offer the likely next steps. */
export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  const { pathname } = useLocation();
  return (
    <section className="status-page" aria-labelledby="not-found-title">
      <p className="status-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">We can&apos;t find that page</h1>
      <p>
        There is no page at <code className="status-path">{pathname}</code>. The link may be out of date, or the address may have been
        mistyped.
      </p>
      <div className="status-actions">
        <Link className="button" to={paths.home}>
          Find a doctor or dentist
        </Link>
        <Link className="button secondary" to={paths.contactUs}>
          Contact us
        </Link>
      </div>
      <p className="status-hint">
        Looking for your bookings? <Link to={paths.userProfile}>Go to your profile</Link>.
      </p>
    </section>
  );
}
