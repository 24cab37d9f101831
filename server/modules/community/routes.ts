import { SiteInfo } from '../../../common/api/admin-setup.js';
import { Empty } from '../../../common/api/common.js';
import { isSiteOrWebLink } from '../../../common/content/urls.js';
import { LogoInfo } from '../../../common/api/session.js';
import type { App } from '../../lib/context.js';
import { cachedSettings, currentLogo } from './service.js';
import { mailEnabled } from '../mail/mailer.js';
import { enabledProviders } from '../oauth/routes.js';

export default async function communityRoutes(app: App) {
  const { db } = app.ctx;
  app.post('/api/session/logo', { schema: { body: Empty, response: { 200: LogoInfo } } }, async () =>
    currentLogo(db),
  );
  // What every page shows of the community setup (the footer's links and tagline).
  app.post('/api/session/site', { schema: { body: Empty, response: { 200: SiteInfo } } }, async () => {
    const { siteName, tagline, footerLinks } = await cachedSettings(db);
    // A link saved before links were judged by the URL parser may lead off the site: left out.
    return { siteName, tagline, footerLinks: footerLinks.filter((l) => isSiteOrWebLink(l.url)), mail: mailEnabled(app.ctx), oauth: enabledProviders(app.ctx.config) };
  });
}
