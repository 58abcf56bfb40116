/** Saves text as a file through the browser's download mechanism (works in Electron and the web mode alike). */
export function downloadText(fileName: string, text: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function mimeFor(fileName: string): string {
  return fileName.endsWith('.json') ? 'application/json' : 'text/csv';
}
