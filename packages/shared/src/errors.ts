import type { MessageAnswer } from './schemas/common';

/** Every error the API returns has this shape (`messageSchema`). */
export type ApiErrorBody = MessageAnswer;

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ApiErrorBody).message === 'string';
}
