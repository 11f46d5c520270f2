/**
 * Staff queues with live counts (navigation badges, server-sent events). Kept apart from
 * the zod schemas so the navigation bar can import it without loading zod on first visit.
 */
export const PENDING_QUEUES = ['deposits', 'investments', 'withdrawals', 'kyc', 'approvals'] as const;
export type PendingQueue = (typeof PENDING_QUEUES)[number];
export type PendingCounts = Record<PendingQueue, number>;
