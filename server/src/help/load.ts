/** Reads docs/help/*.md when the server starts (server/src/routes/help.ts). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseHelpArticle, sortHelpArticles, type HelpArticle } from './articles';

export const HELP_DIR = path.resolve(import.meta.dirname, '../../../docs/help');

export function loadHelpArticles(dir = HELP_DIR): HelpArticle[] {
  return sortHelpArticles(
    readdirSync(dir)
      .filter((file) => file.endsWith('.md'))
      .map((file) => parseHelpArticle(file.slice(0, -3), readFileSync(path.join(dir, file), 'utf8'))),
  );
}
