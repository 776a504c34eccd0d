import { WaitlistSection } from '../components/waitlist-section';
import { useEffect } from 'react';
import { Alert } from '../../../components/ui/alert';
import { currentUserId } from '../../../lib/session';
import { storageKeys } from '../../../lib/storage';
import { useUserDetails } from '../api/profile-api';
import { AppointmentsSection } from '../components/appointments-section';
import { ChangePasswordForm } from '../components/change-password-form';
import { DeleteAccount, DownloadMyData } from '../components/data-and-deletion';
import { PersonalDetailsForm } from '../components/personal-details-form';
import { ProfileSummary } from '../components/profile-summary';
import { RideHailingModal } from '../components/ride-hailing-modal';
import styles from '../components/profile.module.css';

/**
 * /userProfile. Sections are independent components so other areas can add theirs
 * (the booking area's post-payment ride-hailing prompt reads location.state / ?ride=1 here).
 */
export default function UserProfilePage() {
  const userId = currentUserId() ?? '';
  const details = useUserDetails(userId);

  // The profile phone and e-mail are kept in local storage too (docs/web.md, "Browser storage"); logout clears them.
  useEffect(() => {
    if (!details.data) return;
    localStorage.setItem(storageKeys.profileEmail, details.data.email);
    localStorage.setItem(storageKeys.profilePhone, details.data.phone_number ?? '');
  }, [details.data]);

  return (
    <div className="page">
      <h1>My profile</h1>
      <RideHailingModal />
      {details.isPending ? (
        <div className="screen-loading" role="status">
          <div className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Loading your profile</span>
        </div>
      ) : details.isError ? (
        <Alert tone="error" title="We could not load your profile">
          <p>{details.error.message}</p>
        </Alert>
      ) : (
        <div className={styles.layout}>
          <div className={styles.aside}>
            <ProfileSummary user={details.data} />
          </div>
          <div className={styles.main}>
            <AppointmentsSection userId={userId} />
            <WaitlistSection userId={userId} />
            <PersonalDetailsForm user={details.data} />
            <ChangePasswordForm userId={userId} />
            <DownloadMyData userId={userId} />
            <DeleteAccount userId={userId} />
          </div>
        </div>
      )}
    </div>
  );
}
