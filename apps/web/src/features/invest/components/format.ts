/**
 * Only the staff page (admin-pending-investment-page) still imports these from here; the user
 * pages take them from the one formatting module, i18n/format.ts. Remove once it does too.
 */
export { formatDateTime, formatDuration, formatPercent } from '../../../i18n/format';
