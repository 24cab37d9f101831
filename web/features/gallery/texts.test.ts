// Texts built from a number or a file name take the particle its last sound asks for.
import { describe, expect, it } from 'vitest';
import { koGallery } from './texts';

describe('photo list texts', () => {
  it('say 사진 4를, 사진 3을 and a file name with its particle', () => {
    expect(koGallery.form.up(4)).toBe('사진 4를 앞으로');
    expect(koGallery.form.removed(3)).toBe('사진 3을 뺐습니다.');
    expect(koGallery.form.notImage('문서.pdf')).toBe('문서.pdf는 사진 파일이 아닙니다.');
  });
});
