// Folding accents away, as the database's search_fold does (decision 92).
// Its own module, free of the phone rules: the public pages use it (the
// same-place check) and must not load libphonenumber (decision 60).

/** Letters that are not a base letter and a mark, spelled as PostgreSQL's unaccent spells them. */
const UNACCENTED_LETTERS: Record<string, string> = {
  ß: 'ss',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ø: 'O',
  ø: 'o',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Ł: 'L',
  ł: 'l',
  Þ: 'TH',
  þ: 'th',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
};

/**
 * A name without its accents ('Zoë Ånström' to 'Zoe Anstrom', 'Nguyễn' to
 * 'Nguyen'), as the database's search_fold folds it (decision 92, migration
 * 0024: PostgreSQL's unaccent, which the server's searches use).
 */
export function foldAccents(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßẞÆæŒœØøĐđÐðŁłÞþĦħı]/g, (letter) => UNACCENTED_LETTERS[letter] ?? letter);
}
