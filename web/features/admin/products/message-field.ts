// The server checks every save with the same zod contract and a few rules of its own (a name
// already taken, a picture that is not the uploader's). Its answer is one Korean message; this
// finds the field it is about, so the form can mark that field instead of only showing a toast.

/** Words in a message → the field of the product form (first hit wins, so the specific ones come first). */
const PRODUCT_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/이미 등록된 제품/, 'name'],
  [/EXIF 제조사/, 'exifMake'],
  [/EXIF/, 'exifNames'],
  [/제조사 이름/, 'brand'],
  [/제조사/, 'company'],
  [/제품 종류|종류/, 'type'],
  [/사양|항목/, 'specs'],
  [/한글 이름/, 'nameKo'],
  [/제품 이름|같은 이름|이름/, 'name'],
  [/마운트/, 'mount'],
  [/크롭/, 'cropFactor'],
  [/초점/, 'focalMin'],
  [/조리개/, 'apertureMin'],
  [/발표일/, 'announced'],
  [/사진|파일/, 'imageKeys'],
];

const MAP_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/제품/, 'productKey'],
  [/규칙/, 'pattern'],
  [/메모/, 'note'],
];

const find = (words: ReadonlyArray<readonly [RegExp, string]>, message: string) => words.find(([re]) => re.test(message))?.[1] ?? null;

/** The product form field a server message is about, or null for a message about the whole form. */
export const productMessageField = (message: string) => find(PRODUCT_WORDS, message);

/** The map rule form field a server message is about, or null. */
export const mapMessageField = (message: string) => find(MAP_WORDS, message);
