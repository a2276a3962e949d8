import { apiBlob } from '../../../lib/api-client';
import { targetQuery } from '../storage-target';

/** The name the server gave (RFC 5987 `filename*`), else the fallback. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (!match?.[1]) return fallback;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return fallback;
  }
}

/**
 * Fetches a file (or a directory as a tar) with the token header, then saves it. The body is held
 * in memory on the way, which suits the file manager's everyday sizes.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const { blob, headers } = await apiBlob('/storage/download', { query: { path, ...targetQuery() }, timeoutMs: null, timeoutHeader: 3600 });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(headers.get('content-disposition'), fallbackName);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
