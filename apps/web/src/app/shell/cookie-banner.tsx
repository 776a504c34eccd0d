import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { getConsentId, recordConsent, subscribeConsent } from '../../lib/consent';
import { paths } from '../../lib/paths';
import styles from './cookie-banner.module.css';

/**
 * Asks once; Accept or Reject both store a consentID cookie (docs/public-site.md). CareSlot itself sets only the cookies
 * the service needs, so rejecting never breaks anything: it records that the visitor said no.
 * A region, not a modal: the site stays usable while it is open. With `launcherRoom`, its top right corner is kept free for
 * the chat launcher, which sits there until the banner is answered (decision 096).
 */
export function CookieBanner({ launcherRoom }: { launcherRoom: boolean }) {
  // The build-time HTML (decision 070) is a first visit's, so it shows the banner; for a visitor who has answered, the
  // first-screen script marks <html> and the stylesheet hides it until the app has rendered. The same script answers the
  // buttons (data-consent-choice) before the app has taken the page over (decision 095).
  const consentId = useSyncExternalStore(subscribeConsent, getConsentId, () => null);
  if (consentId) return null;
  return (
    <section className={styles.banner} aria-labelledby="cookie-banner-title">
      <div className={styles.inner}>
        <h2 id="cookie-banner-title" className={styles.title}>
          Cookies on CareSlot
        </h2>
        {/* The chat launcher's place while the banner is up (its attribute is LAUNCHER_ROOM_ATTRIBUTE). */}
        {launcherRoom && <div className={styles.launcherRoom} data-chat-launcher-room="" />}
        <div className={styles.text}>
          <p>
            We use essential cookies to keep you signed in and your booking secure. With your permission we also remember your choices to
            improve the service. We never sell your data or use advertising cookies.{' '}
            <Link to={paths.privacyCookie}>Read our privacy and cookie notice</Link>.
          </p>
        </div>
        <div className={styles.actions}>
          <button type="button" className="button" data-consent-choice="accepted" onClick={() => recordConsent('accepted')}>
            Accept cookies
          </button>
          <button type="button" className="button secondary" data-consent-choice="rejected" onClick={() => recordConsent('rejected')}>
            Reject non-essential
          </button>
        </div>
      </div>
    </section>
  );
}
