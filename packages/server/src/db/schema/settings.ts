import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { compositions } from './compositions';
import { users } from './users';

export const userSettings = pgTable('user_settings', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** gitignore lines; a `# Name` line starts the category Name. */
  globalIgnorePatterns: jsonb().$type<string[]>().notNull().default([]),
  /**
   * The saved composition a new project starts with; null: the built-in one (structure,
   * selected files, request). Deleting the composition brings the built-in one back.
   */
  defaultCompositionId: text().references(() => compositions.id, { onDelete: 'set null' }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
