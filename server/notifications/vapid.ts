import webpush from 'web-push';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { appSecrets } from '../db/schema/index.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const SECRET_NAME = 'vapid-keys';
const cache = new WeakMap<Database, Promise<VapidKeys>>();

/**
 * The install's VAPID key pair (web push's application server keys): generated once, on first
 * use, and kept with the app's other secrets in app_secrets, so every process signs with the same
 * key and browsers' subscriptions stay valid across restarts. The first process to insert wins.
 */
export function vapidKeys(database: Database): Promise<VapidKeys> {
  let keys = cache.get(database);
  if (!keys) {
    keys = (async () => {
      const fresh = webpush.generateVAPIDKeys();
      await database.db
        .insert(appSecrets)
        .values({ name: SECRET_NAME, value: JSON.stringify({ publicKey: fresh.publicKey, privateKey: fresh.privateKey }) })
        .onConflictDoNothing();
      const [row] = await database.db.select().from(appSecrets).where(sql`${appSecrets.name} = ${SECRET_NAME}`);
      return JSON.parse(row!.value) as VapidKeys;
    })();
    // A failure (database down) is not kept: the next call asks again.
    keys.catch(() => cache.delete(database));
    cache.set(database, keys);
  }
  return keys;
}

/** The VAPID subject: the public address when it is https, else a mailto: of the sender (push services want one of the two). */
export function vapidSubject(config: { publicUrl: string; mailFrom: string }): string {
  if (config.publicUrl.startsWith('https://')) return config.publicUrl;
  const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
  return `mailto:${address.includes('@') ? address : 'no-reply@localhost'}`;
}
