/** The file name of a Content-Disposition header (RFC 6266: `filename*` before `filename`). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "")?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      /* fall through to the plain name */
    }
  }
  return /filename="([^"]*)"/i.exec(disposition ?? "")?.[1] || fallback;
}
