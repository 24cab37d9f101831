// The bundled catalogue is derived from the lensfun database, licensed CC BY-SA 3.0: its product
// pages credit it and link the licence (the licence text itself ships beside the catalogue file).
export const CATALOGUE_ATTRIBUTION = {
  source: 'lensfun',
  sourceUrl: 'https://lensfun.github.io/',
  licence: 'CC BY-SA 3.0',
  licenceUrl: 'https://creativecommons.org/licenses/by-sa/3.0/',
} as const;

/** The same credit as one Korean line (logs, plain-text places). */
export const CATALOGUE_ATTRIBUTION_TEXT =
  '제품 기본 정보의 일부는 lensfun 프로젝트와 기여자들이 만든 lensfun 데이터베이스(CC BY-SA 3.0)에서 가져왔습니다.';
