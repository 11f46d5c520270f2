import type { App } from '../plugins/types';
import { healthRoutes } from './api/health';

/** Every route module, registered in buildApp. */
export async function registerRoutes(app: App) {
  await app.register(healthRoutes);
}
