// The product pages' addresses and spec rows.
import { describe, expect, it } from 'vitest';
import type { ProductView } from '../../../common/api/products';
import { pageParam, productListPath, productViewPath } from '../../shared/paths';
import { isCompany, isProductType, readSearch } from './route-params';
import { specRows } from './spec-rows';

describe('product addresses', () => {
  it('leaves page 1 out, keeps the search in ?search= and encodes keys', () => {
    expect(productListPath('lens', 'canon')).toBe('/info/lens/canon/list');
    expect(productListPath('lens', 'all', 3)).toBe('/info/lens/all/list/3');
    expect(productListPath('lens', 'all', 1, ' 24-70 ')).toBe('/info/lens/all/list?search=24-70');
    expect(productListPath('body', 'other', 2, '시그마 fp')).toBe('/info/body/other/list/2?search=%EC%8B%9C%EA%B7%B8%EB%A7%88+fp');
    expect(productViewPath('canon-eos-5d-mark-iv')).toBe('/info/view/canon-eos-5d-mark-iv');
    expect(productViewPath('a/b')).toBe('/info/view/a%2Fb');
  });

  it('accepts only the known types and makers, and sane page numbers', () => {
    expect(isProductType('flash')).toBe(true);
    expect(isProductType('tripod')).toBe(false);
    expect(isCompany('all') && isCompany('other') && isCompany('fuji')).toBe(true);
    expect(isCompany('fujifilm')).toBe(false);
    expect([pageParam(undefined), pageParam('2'), pageParam('0'), pageParam('x'), pageParam('1.5')]).toEqual([1, 2, 1, 1, 1]);
    expect(readSearch(new URLSearchParams('search=%2024-70%20'))).toBe('24-70');
    expect(readSearch(new URLSearchParams('q=x'))).toBe('');
  });
});

const base: ProductView = {
  key: 'k',
  type: 'lens',
  company: 'sony',
  brand: 'Sony',
  name: 'FE 24-70mm F2.8 GM II',
  nameKo: '',
  mount: 'Sony E',
  announced: '2022-04',
  summary: '',
  thumbUrl: null,
  exifMake: '',
  exifNames: [],
  cropFactor: 1,
  focalMin: 24,
  focalMax: 70,
  apertureMin: 2.8,
  apertureMax: 2.8,
  specs: [],
  images: [],
  source: 'catalogue',
  attached: { usedPrices: [], forSale: [], photos: [], photoCount: 0 },
  owners: 0,
};

describe('specRows', () => {
  it("puts the measured figures first, without a lens's crop factor", () => {
    expect(specRows({ ...base, specs: [{ label: '무게', value: '695g' }] })).toEqual([
      { label: '초점 거리', value: '24–70mm' },
      { label: '최대 조리개', value: 'F2.8' },
      { label: '무게', value: '695g' },
    ]);
  });

  it("gives a body's crop factor and a zoom's aperture range; a product's own row wins", () => {
    const body = { ...base, type: 'body' as const, cropFactor: 1.5299999713897705, focalMin: null, focalMax: null, apertureMin: null, apertureMax: null };
    expect(specRows(body)).toEqual([{ label: '크롭 배율', value: '1.5×' }]);
    expect(specRows({ ...body, specs: [{ label: '크롭 배율', value: '1.5배' }] })).toEqual([{ label: '크롭 배율', value: '1.5배' }]);
    expect(specRows({ ...base, focalMin: 18, focalMax: 135, apertureMin: 3.5, apertureMax: 5.6 }).map((r) => r.value)).toEqual(['18–135mm', 'F3.5–5.6']);
  });

  it('drops the mount row that repeats the mount shown above', () => {
    expect(specRows({ ...base, specs: [{ label: '마운트', value: 'Sony E' }] }).map((r) => r.label)).toEqual(['초점 거리', '최대 조리개']);
    expect(specRows({ ...base, specs: [{ label: '마운트', value: 'Sony E, Sony A' }] }).map((r) => r.label)).toContain('마운트');
  });
});
