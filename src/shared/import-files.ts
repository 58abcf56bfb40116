/**
 * The files the app's Import reads, in one place: the picker offers them, its tooltip names them, and a file that is
 * none of them is told what the Import reads (src/main/services/import-preview.ts).
 */

/**
 * The picker's file types. .txt: Excel's "Unicode text" and "Text (Tab delimited)", customer tables as jampr reads them
 * too, and Solomon files; .vrp: VRPLIB files (CVRPLIB's Solomon and Homberger instances).
 */
export const IMPORT_FILE_TYPES = '.csv,.tsv,.txt,.vrp,text/csv,text/tab-separated-values';

export const IMPORT_READS =
  'the Import reads a customer table (.csv or .tsv, or a spreadsheet saved as .txt: a header row naming its columns, then a row per stop), ' +
  'a Solomon instance (.txt, with VEHICLE and CUSTOMER sections) or a VRPLIB instance (.vrp, with NODE_COORD_SECTION), each with the fleet it names';
