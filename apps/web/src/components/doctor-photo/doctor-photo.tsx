import { DEFAULT_DOCTOR_IMAGE } from '../../lib/doctor-image';
import styles from './doctor-photo.module.css';

/** What a provider card shows when the speciality is unknown. */
export const NO_SPECIALITY = 'No speciality information available';

/** A provider's round photo: 72 px on cards and the checkout, 112 px (80 px on phones) on the profile. */
export function DoctorPhoto({ src, alt = '', size = 'small' }: { src: string | null; alt?: string; size?: 'small' | 'large' }) {
  const px = size === 'large' ? 112 : 72;
  return (
    <img
      className={`${styles.photo}${size === 'large' ? ` ${styles.large}` : ''}`}
      src={src || DEFAULT_DOCTOR_IMAGE}
      alt={alt}
      width={px}
      height={px}
      onError={(e) => {
        if (e.currentTarget.src !== DEFAULT_DOCTOR_IMAGE) e.currentTarget.src = DEFAULT_DOCTOR_IMAGE;
      }}
    />
  );
}
