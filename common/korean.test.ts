import { describe, expect, it } from 'vitest';
import { object, subject, topic, toward, withAnd } from './korean.js';

describe('josa helpers', () => {
  it('topic: 은 after a final consonant, 는 otherwise', () => {
    expect(topic('아이디')).toBe('아이디는');
    expect(topic('암호')).toBe('암호는');
    expect(topic('닉네임')).toBe('닉네임은');
    expect(topic('이메일')).toBe('이메일은');
    expect(topic('암호 확인')).toBe('암호 확인은');
    expect(topic('비밀번호 답변')).toBe('비밀번호 답변은');
    expect(topic('비밀번호 질문')).toBe('비밀번호 질문은');
    expect(topic('시작가')).toBe('시작가는');
    expect(topic('즉시 구매가')).toBe('즉시 구매가는');
    expect(topic('입찰 단위')).toBe('입찰 단위는');
    expect(topic('판매 가격')).toBe('판매 가격은');
  });

  it('object: 을 after a final consonant, 를 otherwise', () => {
    expect(object('아이디')).toBe('아이디를');
    expect(object('답변')).toBe('답변을');
    expect(object('사진')).toBe('사진을');
    expect(object('카메라')).toBe('카메라를');
    expect(object('시작가')).toBe('시작가를');
    expect(object('매물')).toBe('매물을');
    expect(object('경매')).toBe('경매를');
  });

  it('subject: 이 after a final consonant, 가 otherwise', () => {
    expect(subject('아이디')).toBe('아이디가');
    expect(subject('답변')).toBe('답변이');
    expect(subject('렌즈')).toBe('렌즈가');
    expect(subject('쪽지함')).toBe('쪽지함이');
  });

  it('withAnd: 과 after a final consonant, 와 otherwise', () => {
    expect(withAnd('암호')).toBe('암호와');
    expect(withAnd('답변')).toBe('답변과');
    expect(withAnd('제목')).toBe('제목과');
    expect(withAnd('사진 3')).toBe('사진 3과');
    expect(withAnd('사진 2')).toBe('사진 2와');
  });

  it('toward: 로 after a vowel or ㄹ, 으로 after another final consonant', () => {
    expect(toward('택배')).toBe('택배로');
    expect(toward('서울')).toBe('서울로');
    expect(toward('직거래')).toBe('직거래로');
    expect(toward('분류')).toBe('분류로');
    expect(toward('등급')).toBe('등급으로');
    expect(toward('1')).toBe('1로'); // 일
    expect(toward('7')).toBe('7로'); // 칠
    expect(toward('3')).toBe('3으로'); // 삼
    expect(toward('6')).toBe('6으로'); // 육
    expect(toward('2')).toBe('2로'); // 이
    expect(toward('Portra 400')).toBe('Portra 400으로'); // 사백
    expect(toward('XL')).toBe('XL로'); // 엑스엘
  });

  it('treats the edges of the Hangul block correctly', () => {
    expect(topic('가')).toBe('가는'); // U+AC00, no final consonant
    expect(topic('힣')).toBe('힣은'); // U+D7A3, final ㅎ
  });

  it('reads a final digit as a Korean numeral', () => {
    const read: [string, string][] = [
      ['0', '0은'], // 영
      ['1', '1은'], // 일
      ['2', '2는'], // 이
      ['3', '3은'], // 삼
      ['4', '4는'], // 사
      ['5', '5는'], // 오
      ['6', '6은'], // 육
      ['7', '7은'], // 칠
      ['8', '8은'], // 팔
      ['9', '9는'], // 구
      ['사진 12', '사진 12는'], // 십이
      ['1.5', '1.5는'], // 일 점 오
      ['10', '10은'], // 십
      ['100', '100은'], // 백
      ['1000', '1000은'], // 천
      ['1,000', '1,000은'], // 천
      ['20000', '20000은'], // 이만
      ['100000000', '100000000은'], // 억
      ['1000000000000', '1000000000000는'], // 조
      ['단축키 1', '단축키 1은'],
    ];
    for (const [word, want] of read) expect(topic(word)).toBe(want);
  });

  it('reads Latin abbreviations by their letters and words by their last sound', () => {
    expect(topic('ID')).toBe('ID는'); // 아이디
    expect(topic('A')).toBe('A는'); // 에이
    expect(topic('L')).toBe('L은'); // 엘
    expect(topic('OM')).toBe('OM은'); // 오엠
    expect(topic('S')).toBe('S는'); // 에스
    expect(subject('R')).toBe('R이'); // 알
    expect(object('Nikon')).toBe('Nikon을');
    expect(object('Sony')).toBe('Sony를');
    expect(object('Leica')).toBe('Leica를');
    expect(topic('pixel')).toBe('pixel은');
    expect(topic('board-club')).toBe('board-club은'); // 클럽
    expect(topic('webmap')).toBe('webmap은'); // 맵
    expect(topic('free-board')).toBe('free-board는'); // 보드
    expect(topic('blog')).toBe('blog는'); // 블로그
    expect(topic('/data/pglite')).toBe('/data/pglite는');
    expect(topic('50mm')).toBe('50mm는'); // 밀리미터
    expect(topic('20kg')).toBe('20kg은'); // 킬로그램
    expect(topic('메모.txt')).toBe('메모.txt는'); // 티엑스티
    expect(topic('IMG_0001.jpg')).toBe('IMG_0001.jpg는'); // 제이피지
    expect(topic('scan.heic')).toBe('scan.heic는'); // 에이치이아이씨
    expect(topic('map.html')).toBe('map.html은'); // 엘
    // A word whose last sound cannot be told from its spelling: both forms.
    expect(topic('book')).toBe('book은(는)');
    expect(object('cat')).toBe('cat을(를)');
    expect(toward('kit')).toBe('kit(으)로');
  });

  it('follows the word before brackets and inside quotes', () => {
    expect(topic('분류(c3)')).toBe('분류(c3)는');
    expect(topic('등급(브론즈, 실버)')).toBe('등급(브론즈, 실버)은');
    expect(topic('[공지]')).toBe('[공지]는');
    expect(object("'판매 완료'")).toBe("'판매 완료'를");
    expect(object('‘매물’')).toBe('‘매물’을');
    expect(topic('렌즈 (50mm)')).toBe('렌즈 (50mm)는');
  });

  it('writes both forms for symbols, other scripts and emoji', () => {
    expect(topic('📷')).toBe('📷은(는)');
    expect(subject('写真')).toBe('写真이(가)');
    expect(withAnd('#')).toBe('#와(과)');
  });

  it('uses the vowel form after empty text', () => {
    expect(topic('')).toBe('는');
    expect(topic('  ')).toBe('  는');
  });
});
