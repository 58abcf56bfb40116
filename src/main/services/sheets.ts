import type { SheetsDocument } from '../../shared/driver-sheet.js';
import { renderSheetsPdf } from '../sheets/sheets-pdf.js';
import { safeFileName } from './file-names.js';

/**
 * Driver sheets as a PDF file. The sheets arrive as the dispatcher sees them (the plan on screen, hand edits
 * included), so the file matches the screen; bytes cross both transports as base64. `unprintable`: the stops whose
 * name or address the PDF's font cannot print (CJK), for the dispatcher to be told.
 */
export function sheetServices() {
  return {
    'sheets:pdf': async (document: SheetsDocument) => {
      const { pdf, unprintable } = await renderSheetsPdf(document);
      const which = document.sheets.length === 1 ? document.sheets[0].title : 'all-routes';
      const fileName = `${safeFileName(`${document.instanceName}-${which}`)}.pdf`;
      return { fileName, base64: pdf.toString('base64'), unprintable };
    },
  };
}
