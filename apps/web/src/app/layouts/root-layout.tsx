import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** Header, page, footer. Toasts: top-right, 5000 ms (SPEC §9). */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      <main id="main">
        <Outlet />
      </main>
      <ToastContainer position="top-right" autoClose={5000} />
      <ScrollRestoration />
    </>
  );
}
