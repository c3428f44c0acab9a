/** Hands a file the page made (an export) to the browser's download, under this name. */
export function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers start reading the file after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
