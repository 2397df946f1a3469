import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { addSignup } from './newsletter.repository';

export function newsletterService(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  return {
    /** Idempotent: subscribing twice is the same as once. */
    async subscribe(email: string): Promise<void> {
      await addSignup(db, email, clock().toISOString());
    },
  };
}
