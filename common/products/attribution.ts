// The bundled catalogue is derived from the lensfun database, licensed CC BY-SA 3.0: its product
// pages credit it and link the licence (the licence text itself ships beside the catalogue file).
export const CATALOGUE_ATTRIBUTION = {
  source: 'lensfun',
  sourceUrl: 'https://lensfun.github.io/',
  licence: 'CC BY-SA 3.0',
  licenceUrl: 'https://creativecommons.org/licenses/by-sa/3.0/',
} as const;
