/**
 * Downloads a results workbook from the `exportExcel` HTTP function (spec §7): the signed-in
 * user's ID token as a bearer token and their uid in `X-User-Id`, the JSON body
 * `{fileName, gid | sid, locale}`; the answer is saved as `<fileName>.xlsx`. A refusal rejects
 * with an `Error` whose message is the server's `messageKey` (a key of `errors.json`), so
 * `showError` shows it translated.
 */
import { config } from '@/lib/config';
import { loadAuth } from '@/lib/firebase/auth-loader';
import { functionUrl } from '@/lib/firebase/function-url';

export type ExcelTarget = { readonly gid: string } | { readonly sid: string };

export interface ExcelRequest {
  readonly target: ExcelTarget;
  /** The file's name without `.xlsx` (the server keeps it safe). */
  readonly fileName: string;
  readonly locale: string;
}

/** The key of a refusal's JSON body, or a generic one. */
async function refusalKey(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { messageKey?: unknown };
    if (typeof body.messageKey === 'string') return body.messageKey;
  } catch {
    // Not JSON (a proxy's page): the generic message below.
  }
  return res.status === 401 ? 'excelLoginRequired' : 'errorInternal';
}

/** Saves a blob under a name, through a temporary link. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the address is no longer needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** The name the browser saves: characters file systems refuse replaced, `.xlsx` added. */
export function excelFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const base = name.replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ').trim() || 'results';
  return `${base}.xlsx`;
}

export async function downloadExcel(request: ExcelRequest): Promise<void> {
  const user = (await loadAuth()).auth.currentUser;
  if (!user) throw new Error('excelLoginRequired');
  const token = await user.getIdToken();
  let res: Response;
  try {
    res = await fetch(functionUrl(config, 'exportExcel'), {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'X-User-Id': user.uid,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        ...request.target,
        fileName: request.fileName,
        locale: request.locale,
      }),
    });
  } catch {
    throw new Error('errorUnavailable');
  }
  if (!res.ok) throw new Error(await refusalKey(res));
  saveBlob(await res.blob(), excelFileName(request.fileName));
}
