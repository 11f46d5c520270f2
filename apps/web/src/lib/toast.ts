import 'react-toastify/ReactToastify.css';
import { toast as toastify, type Id, type ToastContent, type ToastOptions } from 'react-toastify';
import { translateMessage } from '../i18n/messages';
import { requestToastContainer } from './toast-container';

/**
 * `toast` for pages and components. Loading this module is what mounts the toast container
 * (lib/toasts.tsx, in the root layout), with react-toastify and its styles: pages that never
 * show a toast, like the public landing pages, load none of it. Only lib/ imports
 * react-toastify (an eslint rule); component tests that render a page without the layout
 * take `ToastContainer` from here.
 */
requestToastContainer();

type Show = (content: ToastContent, options?: ToastOptions) => Id;

/** Texts are the spec's English (ours and the API's): shown in the app's language (i18n/messages). */
const translated =
  (show: Show): Show =>
  (content, options) =>
    show(typeof content === 'string' ? translateMessage(content) : content, options);

export const toast: typeof toastify = Object.assign(translated(toastify), toastify, {
  success: translated(toastify.success),
  error: translated(toastify.error),
  info: translated(toastify.info),
  warning: translated(toastify.warning),
  warn: translated(toastify.warn),
});

export { ToastContainer } from 'react-toastify';
