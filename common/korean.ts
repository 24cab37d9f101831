// Korean particles depend on whether the word ends in a consonant (받침).

function hasFinalConsonant(word: string): boolean {
  const last = word.trim().at(-1);
  if (!last) return false;
  const code = last.charCodeAt(0);
  if (code < 0xac00 || code > 0xd7a3) return false;
  return (code - 0xac00) % 28 !== 0;
}

/** 아이디 -> 아이디는, 암호 -> 암호는, 이메일 주소 -> 이메일 주소는, 답변 -> 답변은 */
export const topic = (word: string) => word + (hasFinalConsonant(word) ? '은' : '는');
/** 아이디 -> 아이디를, 답변 -> 답변을 */
export const object = (word: string) => word + (hasFinalConsonant(word) ? '을' : '를');
/** 아이디 -> 아이디가, 답변 -> 답변이 */
export const subject = (word: string) => word + (hasFinalConsonant(word) ? '이' : '가');
