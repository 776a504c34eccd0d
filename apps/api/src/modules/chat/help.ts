import MiniSearch from 'minisearch';
import { HELP_ARTICLES, type HelpArticle } from './help-articles.data';

/**
 * Full-text retrieval over the help articles (MiniSearch: BM25 with prefix and fuzzy matching). An answer below
 * HELP_MIN_SCORE counts as "I don't know" (docs/chat.md, "Help").
 */

/** The score below which the best article is not trusted; chosen against the transcript suite. */
export const HELP_MIN_SCORE = 4;

const STOP_WORDS = new Set(
  'a an and are as at be but by can could do does did for from get got have has how i if in into is it its me my of on or please so that the their them then there these this to was we what when where which who why will with would you your yours hi hello hey tell know about ok okay us'.split(
    ' ',
  ),
);

const index = new MiniSearch<HelpArticle>({
  fields: ['title', 'keywords', 'body'],
  storeFields: ['id'],
  processTerm: (term) => {
    const t = term.toLowerCase().replace(/[’']/g, '');
    return STOP_WORDS.has(t) || t.length < 2 ? null : t;
  },
  searchOptions: {
    boost: { title: 2, keywords: 2 },
    prefix: (t) => t.length >= 4,
    fuzzy: (t) => (t.length >= 5 ? 0.2 : false),
    combineWith: 'OR',
  },
});
index.addAll(HELP_ARTICLES);
const byId = new Map(HELP_ARTICLES.map((a) => [a.id, a]));

export interface HelpHit {
  article: HelpArticle;
  score: number;
}

/** The best article for a question, with its score, or null when nothing matches at all. */
export function searchHelp(question: string): HelpHit | null {
  // "the US" is the country, not "us" (which is a stop word).
  const [best] = index.search(question.replace(/\bUS\b/g, 'USA'));
  if (!best) return null;
  return { article: byId.get(String(best.id))!, score: best.score };
}

/** The best article when it is above the confidence threshold. */
export function confidentHelp(question: string): HelpArticle | null {
  const hit = searchHelp(question);
  return hit && hit.score >= HELP_MIN_SCORE ? hit.article : null;
}
