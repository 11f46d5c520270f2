import { eq } from 'drizzle-orm';
import type { Language } from '@app/shared';
import type { AppDeps } from '../../deps';
import { users, type UserRow } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import type { SessionUser } from './sessions';

const PHOTO_URL = /^\/api\/users\/photo\/[a-f0-9]{32}\.(?:jpg|png)$/;

export async function updateProfile(
  deps: AppDeps,
  user: SessionUser,
  data: { name?: string; phone?: string; bio?: string; country?: string; photo?: string | null; language?: Language },
): Promise<SessionUser> {
  const changes: Partial<Pick<UserRow, 'name' | 'phone' | 'bio' | 'country' | 'photo' | 'language'>> = {};
  if (data.name !== undefined) changes.name = data.name;
  if (data.phone !== undefined) changes.phone = data.phone;
  if (data.bio !== undefined) changes.bio = data.bio;
  if (data.country !== undefined) changes.country = data.country;
  if (data.language !== undefined) changes.language = data.language;
  if (data.photo !== undefined && data.photo !== user.photo) {
    if (data.photo === null || data.photo === '') changes.photo = null;
    else if (PHOTO_URL.test(data.photo)) changes.photo = data.photo;
    else throw badRequest('Upload the photo first: only photos stored by this site can be used');
  }
  if (Object.keys(changes).length === 0) return user;
  const [updated] = await deps.db
    .update(users)
    .set({ ...changes, updatedAt: deps.now() })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
}
