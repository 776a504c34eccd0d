/**
 * What other modules use of booking (decision 023). Booking's steps are reached through `app.booking` (wired in
 * booking.routes.ts); this file has the pure pieces: where a held slot is paid for.
 */
export { checkoutUrl } from './patient-appointments';
