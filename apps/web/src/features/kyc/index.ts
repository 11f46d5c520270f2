/** What the app shell may place from the KYC feature (the dashboard banner). */
export { KycStatusBanner } from './components/kyc-status-banner';
