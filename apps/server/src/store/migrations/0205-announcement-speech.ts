import type { Kysely } from 'kysely';
import { runStatements } from './domain/ddl.ts';

/**
 * Spoken calls on every screen (decisions SCR-12..SCR-14): a board's voice
 * (`female` or `male`) and speaking rate (1 a voice's normal pace; a calm 0.85 by default),
 * and what each screen last said of its speech (`voice`, `fallback` or `blocked`; null
 * until a patient board has told).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `ALTER TABLE display_boards
      ADD COLUMN announcement_voice text NOT NULL DEFAULT 'female'
        CHECK (announcement_voice IN ('female', 'male')),
      ADD COLUMN announcement_rate double precision NOT NULL DEFAULT 0.85
        CHECK (announcement_rate BETWEEN 0.5 AND 1.5)`,
    `ALTER TABLE devices
      ADD COLUMN speech text CHECK (speech IN ('voice', 'fallback', 'blocked'))`,
  ]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'ALTER TABLE display_boards DROP COLUMN announcement_voice, DROP COLUMN announcement_rate',
    'ALTER TABLE devices DROP COLUMN speech',
  ]);
}
