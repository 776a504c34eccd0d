import type { RouteObject } from 'react-router';
import { paths } from '../lib/paths';
import { laterScreen, lazyScreen } from './lazy';
import { RootLayout } from './shell/root-layout';
import { CrashPage } from './error-pages/crash-page';
import { ScreenLoading } from '../components/ui/screen-loading';
import { requirePatientLoader, requireStaffLoader } from './guards';

const publicRoutes: RouteObject[] = [
  { index: true, lazy: lazyScreen(() => import('../features/home/routes/home-page')) },
  { path: paths.signIn, lazy: laterScreen('signIn') },
  { path: paths.register, lazy: laterScreen('register') },
  { path: '/reset-password/:resetToken', lazy: laterScreen('resetPassword') },
  { path: '/verify/:email_verify', lazy: laterScreen('verifyEmail') },
  { path: paths.loginVerificationModal, lazy: laterScreen('loginVerification') },
  { path: paths.results, lazy: lazyScreen(() => import('../features/search/routes/results-page')) },
  { path: '/doctor-profile/:id/:distance', lazy: lazyScreen(() => import('../features/search/routes/doctor-profile-page')) },
  { path: paths.contactUs, lazy: laterScreen('contact') },
  { path: paths.aboutUs, lazy: laterScreen('about') },
  { path: paths.termsOfUse, lazy: laterScreen('terms') },
  { path: paths.privacyCookie, lazy: laterScreen('privacy') },
  { path: paths.providerVerify, lazy: laterScreen('providerVerify') },
  { path: paths.companyVerify, lazy: laterScreen('companyVerify') },
  { path: paths.staffSignIn, lazy: laterScreen('staffSignIn') },
  { path: paths.cancelAppointment, lazy: laterScreen('cancelLink') },
];

/** Need the patient or provider access token (docs/accounts.md, "Sessions and cookies"); visitors go to sign-in and come back after. */
const protectedRoutes: RouteObject[] = [
  { path: paths.userProfile, lazy: laterScreen('userProfile') },
  { path: '/appointment/:doc_id', lazy: laterScreen('checkout') },
  { path: paths.paymentReturn, lazy: laterScreen('paymentReturn') },
  {
    // The provider workspace: one frame (side menu) around its screens.
    lazy: laterScreen('providerLayout'),
    children: [
      { path: paths.providerHome, lazy: laterScreen('providerHome') },
      { path: paths.providerProfile, lazy: laterScreen('providerProfile') },
      { path: paths.providerAvailabilityNew, lazy: laterScreen('availabilityNew') },
      { path: paths.providerAvailabilityAll, lazy: laterScreen('availabilityAll') },
      { path: paths.providerAppointmentHistory, lazy: laterScreen('appointmentHistory') },
      { path: paths.providerBankAccount, lazy: laterScreen('bankAccount') },
      { path: paths.providerCalendar, lazy: laterScreen('providerCalendar') },
      { path: paths.providerEarnings, lazy: laterScreen('earnings') },
    ],
  },
];

/** Need the staff token; otherwise the staff sign-in. */
const adminRoutes: RouteObject[] = [
  { path: paths.adminHome, lazy: laterScreen('adminHome') },
  { path: paths.adminProviders, lazy: laterScreen('adminProviders') },
  { path: paths.adminVerifiedProviders, lazy: laterScreen('adminProviders') },
  {
    path: '/admin-home/verified-provider/:providerId/:region',
    lazy: laterScreen('adminProvider'),
  },
  { path: '/admin-home/providers/:providerId', lazy: laterScreen('adminProvider') },
  { path: paths.adminGallery, lazy: laterScreen('adminGallery') },
  { path: paths.adminPayments, lazy: laterScreen('adminPayments') },
  { path: paths.adminPayouts, lazy: laterScreen('adminPayouts') },
  { path: paths.adminReconciliation, lazy: laterScreen('adminReconciliation') },
  { path: paths.adminSuperUsers, lazy: laterScreen('adminSuperUsers') },
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
          { path: '/crash-test', lazy: laterScreen('crashTest') },
          { path: '*', lazy: laterScreen('notFound') },
        ],
      },
    ],
  },
];
