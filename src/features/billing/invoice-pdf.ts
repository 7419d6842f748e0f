/** The invoice PDF the server answers (base64) as the bytes and name the browser saves. */

/** The bytes of a base64 text; throws on text that is not base64. */
export function pdfBytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The file's name: the server's `<number>.pdf` when it has that shape, else one made from the
 * invoice's number, so nothing else (a path, another extension) reaches the download.
 */
export function pdfFileName(serverName: string, invoiceNumber: number): string {
  return /^\d{1,12}\.pdf$/.test(serverName) ? serverName : `${invoiceNumber}.pdf`;
}
