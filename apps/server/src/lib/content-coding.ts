import { negotiate } from '@fastify/accept-negotiator';

/** The content codings the server compresses answers in; brotli first, smaller where a client accepts both at the same quality. */
const CODINGS = ['br', 'gzip'] as const;
export type ContentCoding = (typeof CODINGS)[number];

/** The coding an Accept-Encoding header picks among ours (the client's q-values first), or null: send the bytes as they are. */
export function acceptedCoding(acceptEncoding: string | undefined): ContentCoding | null {
  return negotiate(acceptEncoding ?? '', [...CODINGS]) as ContentCoding | null;
}
