import 'react-toastify/ReactToastify.css';
import { requestToastContainer } from './toast-container';

/**
 * `toast` for pages and components. Loading this module is what mounts the toast container
 * (app/layouts/root-layout.tsx), with react-toastify and its styles: pages that never show a
 * toast, like the public landing pages, load none of it.
 */
requestToastContainer();

export { toast } from 'react-toastify';
