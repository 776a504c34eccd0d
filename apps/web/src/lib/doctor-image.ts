/**
 * The picture shown for a provider without a photo (or whose photo fails to load): a neutral silhouette, inline so it
 * costs no request. Sign-in also keeps it as `default_doctor_image` (docs/web.md, "Browser storage").
 */
export const DEFAULT_DOCTOR_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="#e8f1fb"/><circle cx="48" cy="38" r="16" fill="#0b5cad" opacity=".8"/><path d="M18 84c4-18 16-26 30-26s26 8 30 26" fill="#0b5cad" opacity=".8"/></svg>',
  );
