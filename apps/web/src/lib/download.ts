/** The file name of a `Content-Disposition` header (RFC 6266: `filename*` wins over `filename`). */
export function filenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return safeName(decodeURIComponent(extended[1].trim().replace(/^"|"$/g, '')));
    } catch {
      // malformed escape: fall through to the plain filename
    }
  }
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name ? safeName(name) : null;
}

/** No folders in a download name. */
function safeName(name: string): string | null {
  const base = name.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
}

/** Saves `blob` as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
