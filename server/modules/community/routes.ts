import { Empty } from '../../../common/api/common.js';
import { LogoInfo } from '../../../common/api/session.js';
import type { App } from '../../lib/context.js';
import { currentLogo } from './service.js';

export default async function communityRoutes(app: App) {
  const { db } = app.ctx;
  app.post('/api/session/logo', { schema: { body: Empty, response: { 200: LogoInfo } } }, async () =>
    currentLogo(db),
  );
}
