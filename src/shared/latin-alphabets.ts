/**
 * Whether the accented letters of a Latin word belong to one language's alphabet. Central European text read as
 * Windows-1252 gives accented letters too, but a word mixes ones that no language writes together: Czech "Dvořák"
 * becomes "Dvoøák" (ø with á), Hungarian "Tűzoltó" becomes "Tûzoltó", Croatian "Ćevapčići" becomes "Æevapèiæi".
 * Read in the right code page, each word's letters come from one alphabet again. The Western alphabets are generous
 * (loanwords: German "Cafébäckerei", Danish "Müller"), as a Western name flagged here could move a file off
 * Windows-1252; only the letters beyond ASCII are listed.
 */

interface Alphabet {
  letters: string;
  /** Where a letter of the alphabet may not stand in it. */
  misplaced?: RegExp;
}

const FRENCH_LOANS = 'àâçéèêëîïôûœ';

const ALPHABETS: Alphabet[] = [
  // Western European (Windows-1252).
  { letters: `äöüß${FRENCH_LOANS}` }, // German
  // French: æ only in a few Latin words ("Lætitia"), never beside the other accents, so left to Danish.
  { letters: `${FRENCH_LOANS}ùÿ` },
  { letters: 'áéíñóúü' }, // Spanish
  // Portuguese writes õ only before e (ões, põe) and ã only before o, e, i, s or at a word's end (São, mãe, irmã);
  // Hungarian ő read as 1252 is õ anywhere ("Gyõr"), Romanian ă is ã ("Brutãrie").
  { letters: 'áâãàçéêíóôõúü', misplaced: /õ(?!e)|ã(?![oeis]|$)/ },
  { letters: 'àèéìíîòóùú' }, // Italian
  { letters: 'àçèéíïòóúü' }, // Catalan
  { letters: 'áéíóúàèëïöüâêôç' }, // Dutch
  { letters: 'æøåéóòôäöü' }, // Danish, Norwegian
  { letters: 'åäöéü' }, // Swedish
  { letters: 'åäöšž' }, // Finnish
  // Icelandic: no word starts with ð (Croatian "Đakovo" read as 1252 is "Ðakovo").
  { letters: 'áðéíóúýþæö', misplaced: /^ð/ },
  { letters: 'áéíóúàèìòù' }, // Irish, Scottish Gaelic
  { letters: 'âêîôûäëïöüÿéŵŷ' }, // Welsh
  { letters: 'çğıöşüâîû' }, // Turkish names in a Western file (ğ ı ş from UTF-8 rows)
  { letters: 'çë' }, // Albanian
  // Central European (Windows-1250).
  { letters: 'ąćęłńóśźż' }, // Polish
  { letters: 'áčďéěíňóřšťúůýž' }, // Czech
  { letters: 'áäčďéíĺľňóôŕšťúýž' }, // Slovak
  { letters: 'áéíóöőúüű' }, // Hungarian
  { letters: 'čćđšž' }, // Croatian, Slovene, Bosnian
  { letters: 'ăâîşţșț' }, // Romanian
];

const LATIN_WORD = /^\p{Script=Latin}+$/u;

/**
 * Whether a word (a run of letters) reads as one alphabet's. Ordinal signs at its edges ("Nº", "Mª José", "25ºC")
 * are no letters of a word; inside one ("Braºov": Romanian ş read as 1252) they are.
 */
export function fitsOneAlphabet(word: string): boolean {
  const core = word.toLowerCase().replace(/^[ºª]+|[ºª]+$/g, '');
  if (!LATIN_WORD.test(core)) return true;
  const accented = [...new Set(core.replace(/[a-z]/g, ''))];
  if (accented.length === 0) return true;
  return ALPHABETS.some(({ letters, misplaced }) => accented.every((ch) => letters.includes(ch)) && !misplaced?.test(core));
}
