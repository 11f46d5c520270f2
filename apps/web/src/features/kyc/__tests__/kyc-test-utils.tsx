import { vi } from 'vitest';
import type { PendingKycCase } from '../api/kyc-api';

export { resolveRelativeRequests } from '../../../test/api';

/** A stand-in for XMLHttpRequest: tests drive progress and the answer by hand. */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  responseType = '';
  withCredentials = false;
  method = '';
  url = '';
  body: FormData | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  send(body: FormData) {
    this.body = body;
    FakeXhr.instances.push(this);
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }

  fail() {
    this.onerror?.();
  }
}

export function installFakeXhr() {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

/** jsdom has no object URLs. */
export function stubObjectUrls() {
  let next = 0;
  const create = vi.fn(() => `blob:test/${(next += 1)}`);
  const revoke = vi.fn();
  Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
  return { create, revoke };
}

export function fileOf(name: string, type: string, size = 1024): File {
  const file = new File([new Uint8Array(Math.min(size, 2048))], name, { type });
  if (size !== file.size) Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** A case of the pending KYC queue; u2 was rejected once before. */
export function kase(id: string, name: string, submittedAt: string, backType = 'application/pdf'): PendingKycCase {
  return {
    _id: id,
    submissionId: `sub-${id}`,
    name,
    email: `${id}@example.com`,
    phone: '+14155550100',
    country: 'DE',
    role: 'subscriber',
    isVerified: true,
    kycStatus: 'Pending',
    createdAt: '2026-01-02T10:00:00.000Z',
    submittedAt,
    previousRejections: id === 'u2' ? 1 : 0,
    lastRejectionReason: id === 'u2' ? 'Photo too dark' : null,
    kyc: {
      frontDoc: `/api/users/kyc/${id}/documents/front?submissionId=sub-${id}`,
      backDoc: `/api/users/kyc/${id}/documents/back?submissionId=sub-${id}`,
      frontType: 'image/png',
      backType,
      frontName: 'front.png',
      backName: 'back.pdf',
    },
  };
}
