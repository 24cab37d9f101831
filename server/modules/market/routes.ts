// Market calls: categories, list, view, save, status, delete, bump, trace (items), bid and bids (auctions).
import type { App } from '../../lib/context.js';

export default async function marketRoutes(app: App) {
  void app;
}
