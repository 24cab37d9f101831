import { Empty } from '../../../common/api/common.js';
import { TopMenu } from '../../../common/api/menu.js';
import type { App } from '../../lib/context.js';
import { createMenuCache } from './service.js';

export default async function menuRoutes(app: App) {
  const cache = createMenuCache(app.ctx.db);
  app.post('/api/menu/topMenu', { schema: { body: Empty, response: { 200: TopMenu } } }, () => cache.get());
}
