import { ADMIN_MESSAGES, roleRank, type Role } from '@app/shared';
import { forbidden } from '../../lib/errors';

/**
 * Throws unless `actor` may manage `target` (PRODUCT §2 roles): nobody acts on themselves, and
 * staff act only on lower roles (admins on authors and subscribers, authors on subscribers).
 */
export function assertMayManage(actor: { id: string; role: Role }, target: { id: string; role: Role }, selfMessage: string = ADMIN_MESSAGES.notYourself): void {
  if (actor.id === target.id) throw forbidden(selfMessage);
  if (roleRank(target.role) >= roleRank(actor.role)) throw forbidden(ADMIN_MESSAGES.lowerRolesOnly);
}
