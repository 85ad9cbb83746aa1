import { apiFetchBlob } from './api';

/**
 * Saves a file of the API as a download. The API needs the bearer token, which a plain link cannot
 * send, so the file is fetched and handed to the browser.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const blob = await apiFetchBlob(path);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next tick: some browsers start the download only after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
