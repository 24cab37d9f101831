// Text cleaning shared by every write (through the field rules in validation.ts) and by the
// forms that check before sending. See docs/security.md "Names and text cleaning".

/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069). They can
 * make `invoice\u202Efdp.exe` read as "invoiceexe.pdf"; nothing a member writes needs them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** Control characters other than tab, line feed and carriage return (C0, DEL and C1). */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/**
 * What shows nothing on screen: white space, default-ignorable code points (zero-width spaces and
 * joiners, the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, the combining grapheme joiner,
 * variation selectors, bidi controls, soft hyphen …), control characters and the braille blank.
 */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\u2800]/gu;

/** Default-ignorable code points: gone from a name entirely (control characters stay, to be refused). */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

export const stripBidi = (s: string) => s.replace(BIDI_CONTROLS, '');

/** Every stored text: no bidi controls, no control characters except tab and line breaks. */
export const cleanText = (s: string) => s.replace(BIDI_CONTROLS, '').replace(CONTROLS, '');

/** "Required" means at least one character that shows. */
export const hasVisible = (s: string) => s.replace(INVISIBLE, '').length > 0;

/**
 * A nickname as it is stored: compatibility forms folded (NFKC: full-width `ａｄｍｉｎ` is
 * `admin`, odd spaces are plain ones), invisible and filler characters removed, runs of spaces
 * made one, trimmed. Control characters are left for the nickname rule to refuse. Hangul
 * stays as typed: syllables and ㅋㅋ alike (conjoining jamo typed one by one compose).
 */
export function cleanNickName(s: string): string {
  const once = nfkc(s.replace(IGNORABLE, '')).replace(IGNORABLE, '');
  return nfkc(once).replace(/ {2,}/g, ' ').trim();
}

/**
 * NFKC except for Hangul compatibility jamo (ㅋㅋ, ㅎㅎ) and their half-width forms, which NFKC
 * would turn into conjoining jamo that show differently; the fillers U+3164 and U+FFA0 are already
 * gone as default-ignorable. (The look-alike key folds them all: server/modules/users/nick-names.ts.)
 */
const nfkc = (s: string) => s.replace(/[^\u3131-\u318E\uFFA1-\uFFDC]+/gu, (part) => part.normalize('NFKC'));
