/** Every error the API returns has this shape. */
export interface ApiErrorBody {
  message: string;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ApiErrorBody).message === 'string';
}
