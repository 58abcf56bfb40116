import { CSV_BOM } from '../shared/text-decoding.js';

/**
 * Saves text as a file through the browser's download mechanism (works in Electron and the web mode alike). A CSV
 * starts with a byte-order mark: without one, Excel reads a UTF-8 file in the system's code page ("StraÃŸe").
 */
export function downloadText(fileName: string, text: string, mime: string): void {
  downloadBlob(fileName, new Blob([mime === 'text/csv' ? `${CSV_BOM}${text}` : text], { type: mime }));
}

/** Saves a binary file that crossed the API as base64 (a PDF). */
export function downloadBase64(fileName: string, base64: string, mime: string): void {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  downloadBlob(fileName, new Blob([bytes], { type: mime }));
}

function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
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
