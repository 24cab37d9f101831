// The camera maker list (key, img, height, camera) plus "other" for every third-party
// maker (docs/product/products.md#makers). Logos are simple text drawings of our own under web/public/makers/.

export const PRODUCT_TYPES = ['body', 'lens', 'flash', 'accessory'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const PRODUCT_TYPE_NAMES: Record<ProductType, string> = {
  body: '바디',
  lens: '렌즈',
  flash: '플래시',
  accessory: '액세서리',
};

export interface CameraMaker {
  key: string;
  /** Shown name. */
  name: string;
  /** Logo image path. */
  img: string;
  /** Logo height in pixels at the maker tabs. */
  height: number;
  /** A camera maker (apple makes phones, not cameras, so its bodies are not listed as cameras). */
  camera: boolean;
}

const maker = (key: string, name: string, camera = true, height = 20): CameraMaker => ({
  key,
  name,
  img: `/makers/${key}.svg`,
  height,
  camera,
});

export const CAMERA_MAKERS: readonly CameraMaker[] = [
  maker('nikon', 'Nikon'),
  maker('pentax', 'Pentax'),
  maker('sony', 'Sony'),
  maker('canon', 'Canon'),
  maker('olympus', 'Olympus'),
  maker('leica', 'Leica'),
  maker('panasonic', 'Panasonic'),
  maker('fuji', 'Fujifilm'),
  maker('samsung', 'Samsung'),
  maker('apple', 'Apple', false),
  maker('ricoh', 'Ricoh'),
];

/** Third-party and other makers (Sigma, Tamron, Zeiss …): one tab, the brand names each product. */
export const OTHER_MAKER: CameraMaker = maker('other', '기타 제조사', false);

export const MAKER_KEYS = [...CAMERA_MAKERS.map((m) => m.key), OTHER_MAKER.key];

export function makerOf(key: string): CameraMaker | undefined {
  return key === OTHER_MAKER.key ? OTHER_MAKER : CAMERA_MAKERS.find((m) => m.key === key);
}
