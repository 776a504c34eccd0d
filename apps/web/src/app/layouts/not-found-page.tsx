import { Link } from 'react-router';
import { paths } from '../../lib/paths';

export default function NotFoundPage() {
  return (
    <section className="page narrow">
      <h1>We can't find that page</h1>
      <p>The link may be out of date, or the address mistyped.</p>
      <ul>
        <li>
          <Link to={paths.home}>Search for a doctor or dentist</Link>
        </li>
        <li>
          <Link to={paths.contactUs}>Contact us</Link> if you think something is wrong
        </li>
      </ul>
    </section>
  );
}
