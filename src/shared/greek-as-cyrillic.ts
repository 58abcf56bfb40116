/**
 * Greek read as Windows-1251. Greek capitals sit at the bytes of Cyrillic Б–Щ, so "ΑΘΗΝΑ" reads "БИЗНБ": Cyrillic
 * letters, all capitals, in words of one script, nothing that looks garbled letter by letter. What gives it away is
 * what is missing: А and О, the commonest letters of Russian, Ukrainian, Bulgarian and Serbian (one letter in five),
 * are at bytes that Greek capitals never use (Greek Ξ gives О, and is rare); so are Ъ Ы Ь Э Ю Я, which a Russian
 * text without А or О ("ИП КУЗЬМИН") may well have. Mixed-case Greek is told apart by its accented small letters
 * already; this is for files in capitals.
 */

const CYRILLIC_WORD = /\p{Script=Cyrillic}+/gu;
const A_OR_O = /[АаОо]/gu;
const BEYOND_GREEK_CAPITALS = /[ЪЫЬЭЮЯ]/u;
/** Fewer letters than this say too little (a file of "ИП" and "ГКБ" abbreviations). */
const ENOUGH_LETTERS = 12;

/** The Cyrillic words of a text that has too few А and О to be Cyrillic (none where the text has enough). */
export function cyrillicWithoutAOrO(text: string): string[] {
  const words = text.match(CYRILLIC_WORD) ?? [];
  const letters = words.reduce((sum, word) => sum + word.length, 0);
  if (letters < ENOUGH_LETTERS) return [];
  if (words.some((word) => BEYOND_GREEK_CAPITALS.test(word))) return [];
  const aOrO = words.reduce((sum, word) => sum + (word.match(A_OR_O)?.length ?? 0), 0);
  // Under one letter in 25: real Cyrillic text has about one in five.
  return aOrO * 25 < letters ? words : [];
}
