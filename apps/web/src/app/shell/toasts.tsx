import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** Toasts: top-right, 5000 ms (docs/public-site.md). Its own chunk: see deferred-toasts.tsx. */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={5000} />;
}
