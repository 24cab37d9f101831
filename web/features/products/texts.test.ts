// Texts built from a product type take the particle its last sound asks for.
import { describe, expect, it } from 'vitest';
import { koProducts } from './texts';

describe('catalogue texts', () => {
  it('join a product type with 가/이', () => {
    expect(koProducts.empty('렌즈')).toBe('이 제조사의 렌즈가 아직 없습니다.');
    expect(koProducts.emptyAll('카메라 본체')).toBe('등록된 카메라 본체가 아직 없습니다.');
    expect(koProducts.emptyAll('필름')).toBe('등록된 필름이 아직 없습니다.');
  });
});
