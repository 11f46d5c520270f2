import { isApiErrorBody, KYC_MESSAGES, type KycUploadAnswer } from '@app/shared';
import { ApiError } from '../../../lib/api';

/**
 * POST /api/users/uploadKycDocuments with XMLHttpRequest, which (unlike fetch) reports
 * upload progress. `onProgress` gets 0..100. Rejects with ApiError carrying the server's
 * message for refusals it explains (4xx), and the SPEC's text otherwise.
 */
export function uploadKycDocuments(
  files: { front: File; back: File },
  onProgress: (percent: number) => void,
): Promise<KycUploadAnswer> {
  const form = new FormData();
  form.append('front', files.front, files.front.name);
  form.append('back', files.back, files.back.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/users/uploadKycDocuments');
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(data as KycUploadAnswer);
        return;
      }
      const serverMessage = xhr.status < 500 && isApiErrorBody(data) ? data.message : KYC_MESSAGES.uploadFailed;
      reject(new ApiError(xhr.status, serverMessage));
    };
    xhr.onerror = () => reject(new ApiError(0, KYC_MESSAGES.uploadFailed));
    xhr.onabort = () => reject(new ApiError(0, KYC_MESSAGES.uploadFailed));
    xhr.send(form);
  });
}
