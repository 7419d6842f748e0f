/** The firebase-admin app of this functions instance, initialised once on first use. */
import { getApp, getApps, initializeApp, type App } from 'firebase-admin/app';

export function getAdminApp(): App {
  return getApps().length > 0 ? getApp() : initializeApp();
}
