import type { RouteObject } from 'react-router';
import { paths } from '../lib/paths';
import { lazyScreen } from './lazy';
import { RootLayout } from './shell/root-layout';
import { CrashPage } from './error-pages/crash-page';
import { ScreenLoading } from '../components/ui/screen-loading';
import { requirePatientLoader, requireStaffLoader } from './guards';

const publicRoutes: RouteObject[] = [
  { index: true, lazy: lazyScreen(() => import('../features/home/routes/home-page')) },
  { path: paths.signIn, lazy: lazyScreen(() => import('../features/auth/routes/sign-in-page')) },
  { path: paths.register, lazy: lazyScreen(() => import('./register-screen')) },
  { path: '/reset-password/:resetToken', lazy: lazyScreen(() => import('../features/auth/routes/reset-password-page')) },
  { path: '/verify/:email_verify', lazy: lazyScreen(() => import('../features/auth/routes/verify-email-page')) },
  { path: paths.loginVerificationModal, lazy: lazyScreen(() => import('../features/auth/routes/login-verification-page')) },
  { path: paths.results, lazy: lazyScreen(() => import('../features/search/routes/results-page')) },
  { path: '/doctor-profile/:id/:distance', lazy: lazyScreen(() => import('../features/search/routes/doctor-profile-page')) },
  { path: paths.contactUs, lazy: lazyScreen(() => import('../features/content/routes/contact-page')) },
  { path: paths.aboutUs, lazy: lazyScreen(() => import('../features/content/routes/about-page')) },
  { path: paths.termsOfUse, lazy: lazyScreen(() => import('../features/content/routes/terms-page')) },
  { path: paths.privacyCookie, lazy: lazyScreen(() => import('../features/content/routes/privacy-page')) },
  { path: paths.providerVerify, lazy: lazyScreen(() => import('../features/provider/routes/provider-verify-page')) },
  { path: paths.companyVerify, lazy: lazyScreen(() => import('../features/provider/routes/company-verify-page')) },
  { path: paths.staffSignIn, lazy: lazyScreen(() => import('../features/admin/routes/staff-sign-in-page')) },
  { path: paths.cancelAppointment, lazy: lazyScreen(() => import('../features/profile/routes/cancel-link-page')) },
];

/** Need the patient or provider access token (docs/accounts.md, "Sessions and cookies"); visitors go to sign-in and come back after. */
const protectedRoutes: RouteObject[] = [
  { path: paths.userProfile, lazy: lazyScreen(() => import('../features/profile/routes/user-profile-page')) },
  { path: '/appointment/:doc_id', lazy: lazyScreen(() => import('../features/booking/routes/checkout-page')) },
  { path: paths.paymentReturn, lazy: lazyScreen(() => import('../features/booking/routes/payment-return-page')) },
  {
    // The provider workspace: one frame (side menu) around its screens.
    lazy: lazyScreen(() => import('../features/provider/routes/provider-layout')),
    children: [
      { path: paths.providerHome, lazy: lazyScreen(() => import('../features/provider/routes/provider-home-page')) },
      { path: paths.providerProfile, lazy: lazyScreen(() => import('../features/provider/routes/provider-profile-page')) },
      { path: paths.providerAvailabilityNew, lazy: lazyScreen(() => import('../features/provider/routes/availability-new-page')) },
      { path: paths.providerAvailabilityAll, lazy: lazyScreen(() => import('../features/provider/routes/availability-all-page')) },
      { path: paths.providerAppointmentHistory, lazy: lazyScreen(() => import('../features/provider/routes/appointment-history-page')) },
      { path: paths.providerBankAccount, lazy: lazyScreen(() => import('../features/provider/routes/bank-account-page')) },
    ],
  },
];

/** Need the staff token; otherwise the staff sign-in. */
const adminRoutes: RouteObject[] = [
  { path: paths.adminHome, lazy: lazyScreen(() => import('../features/admin/routes/admin-home-page')) },
  { path: paths.adminProviders, lazy: lazyScreen(() => import('../features/admin/routes/admin-providers-page')) },
  { path: paths.adminVerifiedProviders, lazy: lazyScreen(() => import('../features/admin/routes/admin-providers-page')) },
  {
    path: '/admin-home/verified-provider/:providerId/:region',
    lazy: lazyScreen(() => import('../features/admin/routes/admin-provider-page')),
  },
  { path: '/admin-home/providers/:providerId', lazy: lazyScreen(() => import('../features/admin/routes/admin-provider-page')) },
  { path: paths.adminGallery, lazy: lazyScreen(() => import('../features/admin/routes/admin-gallery-page')) },
  { path: paths.adminPayments, lazy: lazyScreen(() => import('../features/admin/routes/admin-payments-page')) },
  { path: paths.adminSuperUsers, lazy: lazyScreen(() => import('../features/admin/routes/admin-super-users-page')) },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <CrashPage />,
    hydrateFallbackElement: <ScreenLoading />,
    children: [
      {
        errorElement: <CrashPage />,
        children: [
          ...publicRoutes,
          { loader: requirePatientLoader, children: protectedRoutes },
          { loader: requireStaffLoader, children: adminRoutes },
          { path: '/crash-test', lazy: lazyScreen(() => import('./error-pages/crash-test-page')) },
          { path: '*', lazy: lazyScreen(() => import('./error-pages/not-found-page')) },
        ],
      },
    ],
  },
];
