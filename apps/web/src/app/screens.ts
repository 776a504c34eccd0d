import type { ComponentType } from 'react';

/**
 * Every screen's code except the first screens' (home, results, profile: imported by router.tsx itself). For each
 * `import()` Vite writes the list of files it needs (the screen's chunk, the chunks it imports, its CSS) to fetch them
 * together; kept here, those lists are in this small chunk, fetched after the page has loaded, not in the entry chunk
 * (decision 084).
 */
export const screens = {
  signIn: () => import('../features/auth/routes/sign-in-page'),
  register: () => import('./register-screen'),
  resetPassword: () => import('../features/auth/routes/reset-password-page'),
  verifyEmail: () => import('../features/auth/routes/verify-email-page'),
  loginVerification: () => import('../features/auth/routes/login-verification-page'),
  contact: () => import('../features/content/routes/contact-page'),
  about: () => import('../features/content/routes/about-page'),
  terms: () => import('../features/content/routes/terms-page'),
  privacy: () => import('../features/content/routes/privacy-page'),
  providerVerify: () => import('../features/provider/routes/provider-verify-page'),
  companyVerify: () => import('../features/provider/routes/company-verify-page'),
  staffSignIn: () => import('../features/admin/routes/staff-sign-in-page'),
  cancelLink: () => import('../features/profile/routes/cancel-link-page'),
  userProfile: () => import('../features/profile/routes/user-profile-page'),
  checkout: () => import('../features/booking/routes/checkout-page'),
  paymentReturn: () => import('../features/booking/routes/payment-return-page'),
  providerLayout: () => import('../features/provider/routes/provider-layout'),
  providerHome: () => import('../features/provider/routes/provider-home-page'),
  providerProfile: () => import('../features/provider/routes/provider-profile-page'),
  availabilityNew: () => import('../features/provider/routes/availability-new-page'),
  availabilityAll: () => import('../features/provider/routes/availability-all-page'),
  appointmentHistory: () => import('../features/provider/routes/appointment-history-page'),
  bankAccount: () => import('../features/provider/routes/bank-account-page'),
  providerCalendar: () => import('../features/provider/routes/calendar-page'),
  earnings: () => import('../features/provider/routes/earnings-page'),
  adminHome: () => import('../features/admin/routes/admin-home-page'),
  adminProviders: () => import('../features/admin/routes/admin-providers-page'),
  adminProvider: () => import('../features/admin/routes/admin-provider-page'),
  adminGallery: () => import('../features/admin/routes/admin-gallery-page'),
  adminPayments: () => import('../features/admin/routes/admin-payments-page'),
  adminPayouts: () => import('../features/admin/routes/admin-payouts-page'),
  adminReconciliation: () => import('../features/admin/routes/admin-reconciliation-page'),
  adminSuperUsers: () => import('../features/admin/routes/admin-super-users-page'),
  crashTest: () => import('./error-pages/crash-test-page'),
  notFound: () => import('./error-pages/not-found-page'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

export type ScreenName = keyof typeof screens;
