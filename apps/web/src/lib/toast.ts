import 'react-toastify/ReactToastify.css';
// After the library's styles: the product's colours and a phone's gutters.
import './toast.css';
import { toast as toastify, type Id, type ToastOptions } from 'react-toastify';
import { translateMessage } from '../i18n/messages';
import { onLeavePage, requestToastContainer, toastPage } from './toast-container';

/**
 * `toast` for pages and components. Loading this module is what mounts the toast container
 * (lib/toasts.tsx, in the root layout), with react-toastify and its styles: pages that never
 * show a toast, like the public landing pages, load none of it. Only lib/ imports
 * react-toastify (an eslint rule); component tests that render a page without the layout
 * take `ToastContainer` from here.
 *
 * One toast per event: the same message of the same kind is shown once while it is on screen
 * (a second click does not stack a second copy). Toasts belong to the page that raised them
 * and go when the user leaves it (lib/toast-container), save those raised just before the
 * navigation, which explain it ("Login Successful" on the way to the dashboard). A success
 * answers the page's earlier errors and warnings ("All fields are required", then "User
 * Updated"): showing it dismisses them, for every form at once.
 */
requestToastContainer();

type Kind = 'success' | 'error' | 'info' | 'warning';

/** Errors interrupt screen readers; everything else waits its turn. */
const ROLES: Record<Kind, 'alert' | 'status'> = { error: 'alert', warning: 'alert', success: 'status', info: 'status' };

/** Toasts raised and not yet removed, by id, with the page each belongs to and its kind. */
const shown = new Map<Id, { path: string; at: number; kind: Kind }>();

toastify.onChange((item) => {
  if (item.status === 'removed') shown.delete(item.id);
});

onLeavePage((path, now, graceMs) => {
  for (const [id, origin] of shown) {
    if (origin.path === path) continue;
    // Raised just before the navigation: it explains it, and now belongs to the new page.
    if (now - origin.at <= graceMs) shown.set(id, { ...origin, path });
    else {
      shown.delete(id);
      toastify.dismiss(id);
    }
  }
});

/** A stable id for a message, usable as an HTML id (react-toastify puts it on the element). */
function idFor(kind: Kind, message: string): string {
  let hash = 5381;
  for (let index = 0; index < message.length; index += 1) hash = ((hash << 5) + hash + message.charCodeAt(index)) | 0;
  return `toast-${kind}-${(hash >>> 0).toString(36)}`;
}

/** The errors and warnings shown on `path`: a success there has answered them. */
function dismissProblems(path: string) {
  for (const [id, origin] of shown) {
    if (origin.path !== path || (origin.kind !== 'error' && origin.kind !== 'warning')) continue;
    shown.delete(id);
    toastify.dismiss(id);
  }
}

function show(kind: Kind, message: string, options: ToastOptions = {}): Id {
  const id = options.toastId ?? idFor(kind, message);
  if (toastify.isActive(id)) return id;
  const path = toastPage();
  if (kind === 'success') dismissProblems(path);
  shown.set(id, { path, at: Date.now(), kind });
  // Messages are the spec's English (ours and the API's), shown in the app's language.
  return toastify[kind](translateMessage(message), { role: ROLES[kind], ...options, toastId: id });
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  dismiss: (id?: Id) => {
    if (id === undefined) shown.clear();
    else shown.delete(id);
    toastify.dismiss(id);
  },
};

export { ToastContainer } from 'react-toastify';
