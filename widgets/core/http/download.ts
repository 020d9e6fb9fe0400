/**
 * A file the server builds (an xlsx export, an import template), saved by the browser. It is
 * fetched like every call, with the session token, so a plain link cannot do it. An answer that is
 * JSON or text instead of a file is the server's refusal in an envelope (no permission, no add-on,
 * bad range): its msg is shown, nothing is saved, and the promise rejects.
 */
import { toast } from '../ui/toast';
import { downloadMessages } from '../messages';
import { http, type QueryParams } from './client';
import { ApiError } from './errors';

export interface DownloadOptions {
  /** Where the hidden link is clicked: a widget's shadow root keeps it out of the page. Default: the page's body. */
  within?: { append(node: Node): void } | null;
  /** Shown when the refusal carries no msg of its own. */
  failedMessage?: string;
}

export async function downloadFile(path: string, query: QueryParams, fileName: string, options: DownloadOptions = {}): Promise<void> {
  const blob = await http.main.get<Blob>(path, { params: query, download: true });
  if (blob.type.includes('json') || blob.type.startsWith('text/')) {
    let message = options.failedMessage ?? downloadMessages.failed;
    try {
      message = (JSON.parse(await blob.text()) as { msg?: string }).msg || message;
    } catch {
      /* not an envelope: the generic message */
    }
    toast.error(message);
    throw new ApiError(-1, message, 200);
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  (options.within ?? document.body ?? document.documentElement).append(link);
  link.click();
  link.remove();
  // Revoked after the browser has taken the file (a click starts the download asynchronously).
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
