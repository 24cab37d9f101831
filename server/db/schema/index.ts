// The whole schema, for drizzle's typed queries and drizzle-kit's migration generator.
export * from './users.js';
export * from './community.js';
export * from './boards.js';
export * from './board-pages.js';
export * from './letters.js';
export * from './products.js';
export * from './admin.js';
export * from './market.js';
export * from './gallery.js';
