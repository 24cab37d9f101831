// The same calls on a PHP + MariaDB engine holding the same posts, measured in the same run as
// Chalkak's (issue: "at least 3× its rate on list, view and search"). The engine is WordPress from
// Debian's packages, served by nginx and php-fpm, loaded with the bench database's boards as
// categories, its posts, comments and members (bench/wordpress/setup.sh). Gnuboard5, the engine
// most Korean club sites run, is not among Debian's or npm's packages and cannot be fetched here.
import type { Call } from './measure.js';

export interface WordPressCall extends Call {
  name: string;
  /** The Chalkak call of the same run it is compared with. */
  chalkak: string;
}

/** WordPress's own URLs for the board list, a deep page, a post and a search of the board. */
export function wordpressCalls(board: string, deepPage: number, word: string, rareWord: string, keys: number[], chalkakNames: {
  list: string;
  deep: string;
  view: string;
  search: string;
  rare: string;
}): WordPressCall[] {
  let next = 0;
  const cat = `category_name=${encodeURIComponent(board)}`;
  return [
    { name: 'WordPress: category list, page 1', method: 'GET', path: `/?${cat}`, chalkak: chalkakNames.list },
    { name: `WordPress: category list, page ${deepPage.toLocaleString('en')}`, method: 'GET', path: `/?${cat}&paged=${deepPage}`, chalkak: chalkakNames.deep },
    // autocannon takes one path per call: a post view cycles over the keys through a body-less request builder.
    { name: 'WordPress: post view', method: 'GET', path: `/?p=${keys[0]}`, chalkak: chalkakNames.view, pathFor: () => `/?p=${keys[next++ % keys.length]}` },
    { name: `WordPress: search "${word}" in the category`, method: 'GET', path: `/?s=${encodeURIComponent(word)}&${cat}`, chalkak: chalkakNames.search },
    { name: `WordPress: search "${rareWord}" in the category`, method: 'GET', path: `/?s=${encodeURIComponent(rareWord)}&${cat}`, chalkak: chalkakNames.rare },
  ];
}
