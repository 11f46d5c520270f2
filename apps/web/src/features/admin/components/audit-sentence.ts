import { formatCents, type AuditItem } from '@app/shared';

/** Someone an entry names: linked to their row in the users list when their email is known. */
export interface AuditPerson {
  name: string | null;
  email: string | null;
}

/**
 * An entry as a sentence: its message key under `auditLog.sentences`, its people (actor, target,
 * owner: the user a request belongs to) and its other values, already written as text. Money is
 * given as API decimal strings or cents and formatted by the caller's `money`.
 */
export interface AuditSentence {
  key: string;
  people: { actor: AuditPerson; target?: AuditPerson; owner?: AuditPerson };
  values: Record<string, string>;
}

type Fields = Record<string, unknown>;
const fieldsOf = (value: unknown): Fields => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {});

/** Actions whose sentence is fixed by their name alone, the actor and the target user. */
const PLAIN: Record<string, string> = {
  'kyc.approve': 'kycApprove',
  'kyc.reject': 'kycReject',
  'kyc.document.view': 'kycView',
  'user.delete': 'userDelete',
  'user.impersonate.start': 'impersonateStart',
  'user.impersonate.exit': 'impersonateExit',
  'settings.update': 'settingsUpdate',
  'approval.request': 'approvalRequest',
  'approval.approve': 'approvalApprove',
  'approval.reject': 'approvalReject',
  'passkey.register': 'passkeyRegister',
  'passkey.remove': 'passkeyRemove',
  'passkey.rename': 'passkeyRename',
  'passkey.sign-in': 'passkeySignIn',
  'passkey.counter-regressed': 'passkeyCounterRegressed',
  'session.reauth': 'sessionReauth',
};

/** Requests decided by staff: deposits and withdrawals name their owner (the entry's userId), deposits their reference (DEP-…); other ids are internal and stay in the raw record. */
const REQUESTS: Record<string, string> = {
  'payment.confirm': 'depositConfirm',
  'payment.reject': 'depositReject',
  'withdrawal.approve': 'withdrawalApprove',
  'withdrawal.reject': 'withdrawalReject',
  'investment.approve': 'investmentApprove',
  'investment.reject': 'investmentReject',
  'investment.upgrade_cancelled': 'upgradeCancelled',
};

const ADJUSTMENTS: Record<string, string> = {
  'user.adjust_balance': 'Balance',
  'user.adjust_profit': 'Profit',
  'user.adjust_fees': 'Fees',
};

/** An amount in an entry: a decimal string (`amount`) or cents (`amountCents`, `releasedCents`). */
function amountOf(fields: Fields, money: (decimal: string) => string): string | undefined {
  if (typeof fields.amount === 'string') return money(fields.amount);
  for (const key of ['amountCents', 'releasedCents']) {
    const cents = fields[key];
    if (typeof cents === 'number' && Number.isSafeInteger(cents)) return money(formatCents(cents));
  }
  return undefined;
}

export function auditSentence(item: AuditItem, money: (decimal: string) => string, role: (name: string) => string): AuditSentence {
  const before = fieldsOf(item.before);
  const after = fieldsOf(item.after);
  const actor = { name: item.actorName, email: item.actorEmail };
  const target = { name: item.targetName, email: item.targetEmail };
  const owner = { name: item.subjectName, email: item.subjectEmail };

  const request = REQUESTS[item.action];
  if (request) {
    const amount = amountOf(after, money) ?? amountOf(before, money) ?? '';
    return { key: request, people: { actor, owner }, values: { reference: item.targetId ?? '', amount } };
  }
  const adjusted = ADJUSTMENTS[item.action];
  if (adjusted) {
    const operation = after.operation === 'deduct' ? 'deduct' : 'add';
    const amount = typeof after.amount === 'string' ? money(after.amount) : '';
    return { key: `${operation}${adjusted}`, people: { actor, target }, values: { amount } };
  }
  if (item.action === 'user.role_change') {
    return { key: 'roleChange', people: { actor, target }, values: { from: role(String(before.role ?? '')), to: role(String(after.role ?? '')) } };
  }
  if (item.action === 'user.fees_toggle') return { key: after.hasFees ? 'feesOn' : 'feesOff', people: { actor, target }, values: {} };
  if (item.action === 'email.compose') return { key: 'emailCompose', people: { actor }, values: { to: String(after.to ?? ''), subject: String(after.subject ?? '') } };
  if (item.action === 'email.retry') return { key: 'emailRetry', people: { actor }, values: { reference: item.targetId ?? '' } };
  if (item.action.startsWith('plan.') && ['create', 'update', 'retire', 'unretire'].includes(item.action.slice(5))) {
    return { key: `plan${item.action[5]!.toUpperCase()}${item.action.slice(6)}`, people: { actor }, values: { plan: String(after.name ?? before.name ?? '') } };
  }
  const plain = PLAIN[item.action];
  if (plain) return { key: plain, people: { actor, target }, values: {} };
  return { key: 'unknown', people: { actor }, values: { action: item.action, type: item.targetType ?? '' } };
}

/** Fields that never show outside the raw record: secrets and session identifiers, and ids said in the sentence. */
const HIDDEN_FIELD = /hash|token|secret|session|password|^userId$|^_id$/i;

/** A changed field: its name and its value before and after (undefined: absent on that side). */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** The fields whose value differs between before and after, secrets left out. */
export function auditChanges(item: AuditItem): AuditChange[] {
  const before = fieldsOf(item.before);
  const after = fieldsOf(item.after);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => !HIDDEN_FIELD.test(field) && JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, before: before[field], after: after[field] }));
}
