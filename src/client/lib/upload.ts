/**
 * Kept out of lib/api.ts, which every page loads: only the pages that upload large files with a progress bar need
 * it. Same answers and refusals as apiRequest (ApiError).
 */
import { ApiError } from './api.ts';

/**
 * POSTs a multipart body and reports how much of it has gone up (`onProgress(0..1)`), which fetch cannot do for a
 * request body: XMLHttpRequest's upload events. Answers and refusals read as apiRequest reads them (ApiError).
 */
export function apiUpload<T = unknown>(url: string, form: FormData, onProgress?: (sent: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status < 200 || xhr.status >= 300) return reject(new ApiError(xhr.status, text || xhr.statusText));
      try {
        resolve((xhr.status === 204 || !text ? undefined : JSON.parse(text)) as T);
      } catch {
        reject(new ApiError(null, 'The server answered with something that is not JSON'));
      }
    };
    xhr.onerror = () => reject(new ApiError(null, 'The request did not reach the server'));
    xhr.onabort = () => reject(new ApiError(null, 'The upload was stopped'));
    xhr.send(form);
  });
}
