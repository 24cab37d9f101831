// Personal space, gallery, museum, today's photo and home page calls.
import type { App } from '../../lib/context.js';

export default async function galleryRoutes(app: App) {
  void app;
}
