/** What other parts of the app may place from the auth feature. */
/** SPEC §4: the banner with Resend Verification Link while the email is unverified (dashboard). */
export { UnverifiedEmailBanner } from './components/verification-banner';
/** SPEC §6: the Account Suspended modal with the support phone. */
export { SuspendedModal } from './components/suspended-modal';
