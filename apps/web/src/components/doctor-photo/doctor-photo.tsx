import styles from './doctor-photo.module.css';

/** A neutral silhouette for providers without a photo (or whose photo fails to load). */
const DEFAULT_DOCTOR_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="#e8f1fb"/><circle cx="48" cy="38" r="16" fill="#0b5cad" opacity=".8"/><path d="M18 84c4-18 16-26 30-26s26 8 30 26" fill="#0b5cad" opacity=".8"/></svg>',
  );

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
