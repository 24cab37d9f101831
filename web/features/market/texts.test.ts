// Texts built from a number or a file name take the particle its last sound asks for.
import { describe, expect, it } from 'vitest';
import { koMarket } from './texts';

describe('photo list texts', () => {
  it('say 사진 1을, 사진 2를 and a file name with its particle', () => {
    expect(koMarket.editor.moveUp(1)).toBe('사진 1을 앞으로');
    expect(koMarket.editor.moveDown(2)).toBe('사진 2를 뒤로');
    expect(koMarket.editor.notImage('메모.txt')).toBe('메모.txt는 사진 파일이 아닙니다.');
  });
});
