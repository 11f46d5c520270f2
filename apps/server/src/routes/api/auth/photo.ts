import multipart from '@fastify/multipart';
import { z } from 'zod';
import { PROFILE_PHOTO_MAX_BYTES, userViewSchema } from '@app/shared';
import { AppError, badRequest, notFound } from '../../../lib/errors';
import { currentUser } from '../../../plugins/session';
import type { App } from '../../../plugins/types';
import { readProfilePhoto, storeProfilePhoto } from '../../../services/auth/photo';
import { updateProfile } from '../../../services/auth/profile';
import { toUserView } from '../../../services/auth/user-view';
import { routeOptions } from '../../route-options';

const route = routeOptions('auth');

/** Profile photos: served to anyone with the (unguessable) name; uploaded in their own multipart scope. */
export async function photoRoutes(app: App) {
  app.get(
    '/api/users/photo/:name',
    {
      schema: route.schema('A profile photo', { params: z.object({ name: z.string().max(64) }) }),
    },
    async (request, reply) => {
      const photo = await readProfilePhoto(app.deps, request.params.name);
      if (!photo) throw notFound('Photo not found');
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-type', photo.type)
        .send(photo.bytes);
    },
  );

  await app.register(async (scope: App) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: PROFILE_PHOTO_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 50 },
    });
    scope.post(
      '/api/users/uploadPhoto',
      {
        ...route.user(
          'Upload a profile photo (multipart field "photo": jpeg or png, 5 MB); sets it and answers the user',
          { consumes: ['multipart/form-data'], response: { 200: userViewSchema } },
        ),
        config: { bodyDeadline: 'upload' },
      },
      async (request) => {
        const user = currentUser(request);
        if (!request.isMultipart()) throw badRequest('Please select a file.');
        let bytes: Buffer | undefined;
        try {
          const file = await request.file();
          if (!file || file.fieldname !== 'photo') throw badRequest('Please select a file.');
          bytes = await file.toBuffer();
        } catch (error) {
          if (error instanceof AppError) throw error;
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError(413, `File size must be less than ${PROFILE_PHOTO_MAX_BYTES / 1024 / 1024}MB.`);
          }
          throw badRequest('Upload failed. Please try again.');
        }
        const url = await storeProfilePhoto(app.deps, bytes);
        const updated = await updateProfile(app.deps, user, { photo: url });
        return toUserView(app.deps.db, updated, request.auth);
      },
    );
  });
}
