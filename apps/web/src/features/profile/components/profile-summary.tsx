import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES, type UserDetails } from '@careslot/contracts/patients';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useUploadPicture } from '../api/profile-api';
import styles from './profile.module.css';

/** Picture, name and e-mail, with the picture upload (JPEG, PNG or WebP, up to 5 MB; the server checks the bytes). */
export function ProfileSummary({ user }: { user: UserDetails }) {
  const upload = useUploadPicture(user.user_id);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) return setError('Choose a JPEG, PNG or WebP picture.');
    if (file.size > PROFILE_IMAGE_MAX_BYTES) return setError('The picture is larger than 5 MB. Choose a smaller one.');
    try {
      await upload.mutateAsync(file);
      toast.success('Your profile picture is updated.');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The upload failed. Please try again.');
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <section className={`${styles.card} ${styles.summary}`} aria-labelledby="profile-name">
      <div className={styles.bigAvatar}>
        {user.profile_image ? (
          <img src={user.profile_image} alt={`Profile picture of ${user.first_name}`} width={128} height={128} />
        ) : (
          <span aria-hidden="true">{user.first_name.charAt(0).toUpperCase()}</span>
        )}
      </div>
      <div>
        <h2 id="profile-name" className={styles.name}>
          {user.first_name} {user.last_name}
        </h2>
        <p className={styles.muted}>
          {/* Long addresses break after the @, not mid-word. */}
          {user.email.split('@')[0]}
          <wbr />@{user.email.split('@').slice(1).join('@')}
        </p>
      </div>
      <input
        ref={input}
        id="profile-picture-input"
        type="file"
        accept={PROFILE_IMAGE_TYPES.join(',')}
        className={styles.fileInput}
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => choose(e.target.files?.[0])}
      />
      <Button variant="secondary" loading={upload.isPending} onClick={() => input.current?.click()}>
        {upload.isPending ? 'Uploading…' : user.profile_image ? 'Change picture' : 'Upload a picture'}
      </Button>
      <p className="field-hint">JPEG, PNG or WebP, up to 5 MB.</p>
      {error && <Alert tone="error">{error}</Alert>}
    </section>
  );
}
