import { describe, expect, it } from 'vitest';
import { AdminProductSave, ProductMapSave } from '../../../../common/api/products';
import { mapMessageField, productMessageField } from './message-field';

const firstMessage = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: Array<{ message: string }> } } }, v: unknown) =>
  schema.safeParse(v).error?.issues[0]?.message ?? '';

const good = { type: 'lens', company: 'canon', brand: 'Canon', name: 'EF 50mm f/1.8 STM' };

describe('productMessageField', () => {
  it('finds the field of each contract message', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, type: 'car' }, 'type'],
      [{ ...good, company: 'kodak' }, 'company'],
      [{ ...good, brand: '' }, 'brand'],
      [{ ...good, name: '' }, 'name'],
      [{ ...good, nameKo: 'ㄱ'.repeat(101) }, 'nameKo'],
      [{ ...good, exifMake: 'x'.repeat(65) }, 'exifMake'],
      [{ ...good, exifNames: Array.from({ length: 21 }, (_, i) => `n${i}`) }, 'exifNames'],
      [{ ...good, mount: 'x'.repeat(41) }, 'mount'],
      [{ ...good, cropFactor: 11 }, 'cropFactor'],
      [{ ...good, focalMax: -1 }, 'focalMin'],
      [{ ...good, apertureMin: 99 }, 'apertureMin'],
      [{ ...good, announced: '24년' }, 'announced'],
      [{ ...good, specs: [{ label: '', value: 'x' }] }, 'specs'],
      [{ ...good, imageKeys: Array.from({ length: 13 }, (_, i) => `f${i}`) }, 'imageKeys'],
    ];
    for (const [values, field] of cases) {
      const message = firstMessage(AdminProductSave, values);
      expect({ message, field: productMessageField(message) }).toEqual({ message, field });
    }
  });

  it('leaves messages about the whole form to the toast', () => {
    expect(productMessageField('관리자만 사용할 수 있습니다.')).toBeNull();
    expect(productMessageField('다른 제품으로 합쳐진 제품은 고칠 수 없습니다.')).toBeNull();
  });

  it("marks the server's own rules at their field", () => {
    expect(productMessageField('이미 등록된 제품입니다.')).toBe('name');
    expect(productMessageField('짧은 쪽 초점 거리가 긴 쪽보다 길 수 없습니다.')).toBe('focalMin');
    expect(productMessageField('같은 사진이 두 번 들어 있습니다.')).toBe('imageKeys');
  });
});

describe('mapMessageField', () => {
  it('finds the rule, the product and the note', () => {
    expect(mapMessageField(firstMessage(ProductMapSave, { pattern: '', productKey: 'x' }))).toBe('pattern');
    expect(mapMessageField(firstMessage(ProductMapSave, { pattern: 'a', productKey: '' }))).toBe('productKey');
    expect(mapMessageField(firstMessage(ProductMapSave, { pattern: 'a', productKey: 'x', note: 'x'.repeat(201) }))).toBe('note');
    expect(mapMessageField('같은 규칙이 이미 있습니다.')).toBe('pattern');
    expect(mapMessageField('다른 제품으로 합쳐진 제품에는 규칙을 걸 수 없습니다. 합쳐진 제품을 골라 주세요.')).toBe('productKey');
  });
});
