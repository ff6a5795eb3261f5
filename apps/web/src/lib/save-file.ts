/**
 * Saves a Blob as a file the way a browser download does: a temporary object URL on a hidden link
 * with `download`, clicked, then released on the next tick (at once would cancel it in some browsers).
 */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
