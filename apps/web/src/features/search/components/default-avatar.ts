/** Shown when a provider has no photo. */
export const DEFAULT_DOCTOR_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="#e8f1fb"/><circle cx="48" cy="38" r="16" fill="#0b5cad" opacity=".8"/><path d="M18 84c4-18 16-26 30-26s26 8 30 26" fill="#0b5cad" opacity=".8"/></svg>',
  );
export const NO_SPECIALITY = 'No speciality information available';
