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
export * from './notify.js';
export * from './sign-in.js';
export * from './imports.js';
export * from './polls.js';
export * from './reactions.js';
export * from './ignores.js';
export * from './board-managers.js';
export * from './spam.js';
