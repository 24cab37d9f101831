// Korean particles (조사) depend on how the word before them ends when read aloud: with a final
// consonant (받침) or not, and for 으로/로 whether that consonant is ㄹ. Labels and names joined to a
// message end in Hangul, digits (read as Korean numerals), Latin letters (read by their Korean
// names) or brackets; when the reading cannot be told, both forms are written: 은(는).

/** How a word ends when read: a vowel, the final ㄹ, another final consonant, or unknown. */
type Ending = 'vowel' | 'rieul' | 'consonant' | 'unknown';

const OPEN_OF: Record<string, string> = { ')': '(', ']': '[', '}': '{', '〉': '〈', '》': '《', '」': '「', '』': '『', '）': '（' };
const QUOTES = new Set(['"', "'", '`', '’', '”', '»', '›']);

function hangulEnding(code: number): Ending {
  const final = (code - 0xac00) % 28;
  return final === 0 ? 'vowel' : final === 8 ? 'rieul' : 'consonant';
}

// 영 일 이 삼 사 오 육 칠 팔 구
const DIGIT_ENDING: Ending[] = ['consonant', 'rieul', 'vowel', 'consonant', 'vowel', 'vowel', 'consonant', 'rieul', 'rieul', 'vowel'];

/** 10 십, 100 백, 1000 천, 만 (10⁴–10⁷), 억 (10⁸–10¹¹), 조 (10¹²–10¹⁵), 경 beyond. */
function zerosEnding(zeros: number): Ending {
  return zeros >= 12 && zeros < 16 ? 'vowel' : 'consonant';
}

function numberEnding(digits: string): Ending {
  const [whole = '', fraction] = digits.replace(/,/g, '').split('.');
  // 1.5 일 점 오; 10 십, 2,000 이천, 0 영.
  if (fraction !== undefined && fraction !== '') return DIGIT_ENDING[Number(fraction.at(-1))]!;
  const trimmed = whole.replace(/0+$/, '');
  const zeros = whole.length - trimmed.length;
  if (zeros === 0 || trimmed === '') return DIGIT_ENDING[Number(whole.at(-1))]!;
  return zerosEnding(zeros);
}

// A B C … read 에이 비 씨 디 이 에프 지 에이치 아이 제이 케이 엘 엠 엔 오 피 큐 알 에스 티 유 브이 더블유 엑스 와이 제트
const LETTER_ENDING: Record<string, Ending> = { l: 'rieul', r: 'rieul', m: 'consonant', n: 'consonant' };

/** Units after a number: 50mm 밀리미터, 3m 미터, 20kg 킬로그램, 1920px 픽셀. */
const UNIT_ENDING: Record<string, Ending> = { mm: 'vowel', cm: 'vowel', km: 'vowel', m: 'vowel', g: 'consonant', kg: 'consonant', mg: 'consonant', px: 'rieul' };

/**
 * Latin text: an abbreviation (all capitals, or one letter) is read letter by letter; a word by
 * its last sound where that is clear (…l, …m, …n, …b, …p, …d, …g, a vowel, …s, …x, …er), otherwise
 * unknown (…k, …t, …c: 북 or 링크, 세트 or 숏).
 */
function latinEnding(word: string): Ending {
  if (word.length === 1 || word === word.toUpperCase()) return LETTER_ENDING[word.at(-1)!.toLowerCase()] ?? 'vowel';
  const w = word.toLowerCase();
  if (/l$/.test(w)) return 'rieul';
  // club 클럽, web 웹, map 맵; code 코드, blog 블로그.
  if (/(m|n|ng|b|p)$/.test(w)) return 'consonant';
  if (/([aeiouyswxzfvhdg]|[aeo]r)$/.test(w)) return 'vowel';
  return 'unknown';
}

function ending(text: string): Ending {
  let s = text.trim();
  for (let guard = 0; s && guard < 10; guard++) {
    const last = s.at(-1)!;
    if (QUOTES.has(last)) {
      s = s.slice(0, -1).trimEnd();
      continue;
    }
    const open = OPEN_OF[last];
    if (open) {
      // 렌즈(50mm) reads 렌즈: the particle follows the word before the brackets, or what is inside
      // when nothing comes before them ([공지] → 공지).
      const at = s.lastIndexOf(open);
      const before = at > 0 ? s.slice(0, at).trimEnd() : '';
      s = before || s.slice(at + 1, -1).trim();
      continue;
    }
    break;
  }
  if (!s) return 'vowel';
  const code = s.charCodeAt(s.length - 1);
  if (code >= 0xac00 && code <= 0xd7a3) return hangulEnding(code);
  const digits = /\d[\d,]*(\.\d+)?$/.exec(s);
  if (digits) return numberEnding(digits[0]);
  if (s.endsWith('%')) return 'vowel'; // 퍼센트
  const unit = /\d\s*([a-z]{1,2})$/.exec(s);
  if (unit && UNIT_ENDING[unit[1]!]) return UNIT_ENDING[unit[1]!]!;
  const latin = /(\.?)([A-Za-z]+)$/.exec(s);
  // A file's extension (사진.jpg, 메모.txt) is read letter by letter, like an abbreviation.
  if (latin) return latinEnding(latin[1] ? latin[2]!.toUpperCase() : latin[2]!);
  return 'unknown';
}

/** One particle pair: [after a final consonant, after a vowel], and whether ㄹ counts as a vowel. */
function particle(withFinal: string, withoutFinal: string, unknown: string, rieulAsVowel = false) {
  return (word: string) => {
    const e = ending(word);
    if (e === 'unknown') return word + unknown;
    const vowel = e === 'vowel' || (rieulAsVowel && e === 'rieul');
    return word + (vowel ? withoutFinal : withFinal);
  };
}

/** 아이디 -> 아이디는, 답변 -> 답변은, 시작가 -> 시작가는, 3 -> 3은, ID -> ID는 */
export const topic = particle('은', '는', '은(는)');
/** 아이디 -> 아이디를, 답변 -> 답변을, 매물 -> 매물을, 사진 2 -> 사진 2를 */
export const object = particle('을', '를', '을(를)');
/** 아이디 -> 아이디가, 답변 -> 답변이, 렌즈 -> 렌즈가 */
export const subject = particle('이', '가', '이(가)');
/** 암호 -> 암호와, 답변 -> 답변과 */
export const withAnd = particle('과', '와', '와(과)');
/** 택배 -> 택배로, 서울 -> 서울로 (ㄹ takes 로), 직거래 -> 직거래로, 문 -> 문으로 */
export const toward = particle('으로', '로', '(으)로', true);
