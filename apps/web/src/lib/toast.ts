import 'react-toastify/ReactToastify.css';
import { requestToastContainer } from './toast-container';

/**
 * `toast` for pages and components. Loading this module is what mounts the toast container
 * (lib/toasts.tsx, in the root layout), with react-toastify and its styles: pages that never
 * show a toast, like the public landing pages, load none of it. Only lib/ imports
 * react-toastify (an eslint rule); component tests that render a page without the layout
 * take `ToastContainer` from here.
 */
requestToastContainer();

export { toast, ToastContainer } from 'react-toastify';
