/** The one route table (docs/web.md). Build links with these, never with string literals. */
export const paths = {
  home: '/',
  signIn: '/sign-in',
  register: '/register',
  results: '/results',
  doctorProfile: (id: string, distance: string | number) => `/doctor-profile/${id}/${distance}`,
  contactUs: '/contact-us',
  aboutUs: '/about-us',
  termsOfUse: '/terms-of-use',
  privacyCookie: '/privacy-cookie',
  resetPassword: (token: string) => `/reset-password/${token}`,
  verifyEmail: (token: string) => `/verify/${token}`,
  loginVerificationModal: '/modal',
  providerVerify: '/provider-verify',
  companyVerify: '/company-verify',
  staffSignIn: '/careslot-signin',
  userProfile: '/userProfile',
  /** An e-mail's signed cancel link (docs/after-booking.md): no sign-in needed. */
  cancelAppointment: '/cancel-appointment',
  appointment: (doctorId: string) => `/appointment/${doctorId}`,
  providerHome: '/dochome',
  providerProfile: '/doctor/profile',
  providerAvailabilityNew: '/doctor/availability/new',
  providerAvailabilityAll: '/doctor/availability/all',
  providerAppointmentHistory: '/doctor/appointment-history',
  providerBankAccount: '/doctor/bank-account',
  providerCalendar: '/doctor/calendar',
  providerEarnings: '/doctor/earnings',
  adminPayouts: '/admin-home/payouts',
  adminReconciliation: '/admin-home/reconciliation',
  paymentReturn: '/return',
  adminHome: '/admin-home',
  adminProviders: '/admin-home/providers',
  adminVerifiedProviders: '/admin-home/providers/verified',
  adminVerifiedProvider: (providerId: string, region: string) => `/admin-home/verified-provider/${providerId}/${region}`,
  adminProvider: (providerId: string) => `/admin-home/providers/${providerId}`,
  adminGallery: '/admin-home/gallery',
  adminPayments: '/admin-home/payments',
  adminSuperUsers: '/admin-home/superusers',
} as const;

/** The staff sign-in and the screens under /admin-home: the header and footer show the staff account there, not a patient's. */
export function isStaffScreen(pathname: string): boolean {
  return pathname === paths.staffSignIn || pathname === paths.adminHome || pathname.startsWith(`${paths.adminHome}/`);
}
