import { Link, useLocation } from 'react-router';
// app/ may import features (docs/web.md); the lint rule targets feature-to-feature imports.
import { FooterAccount } from '../../features/auth/components/footer-account';
import { isStaffScreen, paths } from '../../lib/paths';
import { LogoMark } from './logo';
import { SocialLinks } from './social-links';
import styles from './site-footer.module.css';

export const LEGAL_NAME = 'CareSlot Health Ltd';

/** The copyright line (docs/public-site.md): legal name, 'All Rights Reserved', current year. */
export function copyrightLine(now = new Date()): string {
  return `${LEGAL_NAME} All Rights Reserved ${now.getFullYear()}`;
}

export function SiteFooter() {
  // A staff member's account is in the header (Logout there); a patient's Login / Register would only mislead.
  const staff = isStaffScreen(useLocation().pathname);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Link to={paths.home} className={styles.logo} aria-label="CareSlot, home">
            <LogoMark size={28} />
            <span aria-hidden="true">CareSlot</span>
          </Link>
          <p className={styles.tagline}>
            Find a verified doctor or dentist near you in the UK or the USA, see real availability and book in minutes.
          </p>
          <SocialLinks className={styles.social} />
        </div>
        <nav aria-label="Footer" className={styles.columns}>
          <div>
            <h2 className={styles.heading}>CareSlot</h2>
            <ul className={styles.links}>
              <li>
                <Link to={paths.aboutUs}>About</Link>
              </li>
              <li>
                <Link to={paths.contactUs}>Contact</Link>
              </li>
            </ul>
          </div>
          <div>
            <h2 className={styles.heading}>Legal</h2>
            <ul className={styles.links}>
              <li>
                <Link to={paths.privacyCookie}>Privacy</Link>
              </li>
              <li>
                <Link to={paths.termsOfUse}>Terms</Link>
              </li>
            </ul>
          </div>
          {!staff && (
            <div>
              <h2 className={styles.heading}>Your account</h2>
              <ul className={styles.links}>
                <li>
                  <FooterAccount />
                </li>
              </ul>
            </div>
          )}
        </nav>
      </div>
      <div className={styles.bottom}>
        <div className={styles.bottomInner}>
          <p className={styles.copyright}>{copyrightLine()}</p>
          <p className={styles.emergency}>
            CareSlot is not an emergency service. In an emergency call <strong>999</strong> (UK) or <strong>911</strong> (USA).
          </p>
        </div>
      </div>
    </footer>
  );
}
