/**
 * The spell check of `npm test`: the site's words in British English (cspell.config.yaml says what is checked and
 * with which dictionaries). Each problem is printed as "file:line:col sentence", like the build's content errors,
 * and under GitHub Actions also as an annotation on that line. Run with --help.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { lint, type Issue } from 'cspell';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { help: { type: 'boolean', short: 'h', default: false } },
});

const wordsFile = 'spelling/words.txt';

if (values.help) {
  console.log(`Usage: node scripts/spell.ts [file…]

Checks the spelling of the content (content/**/*.mdx and .yaml) and of the copy in src/ (quoted sentences and
the text between tags), or only the files named, against the British English dictionary, the project's words
(${wordsFile}) and the American forms it refuses (spelling/american.yaml). Prints each problem as
"file:line:col" and what to write instead, and exits 1 when there is one.`);
  process.exit(0);
}

/** What the writer reads: the word, and what to write instead or where a right word goes. */
function spellingMessage(issue: Pick<Issue, 'text' | 'isFlagged' | 'suggestionsEx'>): string {
  const preferred = issue.suggestionsEx?.find((suggestion) => suggestion.isPreferred);
  const british = preferred?.wordAdjustedToMatchCase ?? preferred?.word;
  if (issue.isFlagged)
    return british
      ? `"${issue.text}" is American spelling: write "${british}" (the site is in British English)`
      : `"${issue.text}" is not a word the site uses: write it another way`;
  const guesses = (issue.suggestionsEx ?? []).slice(0, 3).map((suggestion) => `"${suggestion.wordAdjustedToMatchCase ?? suggestion.word}"`);
  return `"${issue.text}" is not in the dictionary: correct it${guesses.length ? ` (perhaps ${guesses.join(' or ')})` : ''}, or if it is right (a name, a product, a term of the trade) add it to ${wordsFile}`;
}

/** GitHub's workflow-command escaping: %, CR and LF in the message; in a property also : and ,. */
const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

let problems = 0;
try {
  const result = await lint(
    positionals,
    { root: process.cwd(), progress: false, summary: false, showSuggestions: true, mustFindFiles: positionals.length > 0 },
    {
      issue(issue) {
        problems++;
        const file = relative(process.cwd(), issue.uri ? fileURLToPath(issue.uri) : '');
        const message = spellingMessage(issue);
        console.error(`${file}:${issue.row}:${issue.col} ${message}`);
        if (process.env.GITHUB_ACTIONS === 'true')
          console.log(
            `::error file=${escapeProperty(file)},line=${issue.row},col=${issue.col},title=${escapeProperty('Spelling needs a fix')}::${escapeData(message)}`,
          );
      },
      error(message, error) {
        console.error(`spell: ${message}: ${error.message}`);
      },
    },
  );
  if (result.errors > 0) process.exit(2);
  if (problems > 0) {
    console.error(
      `\n${problems} spelling problem${problems === 1 ? '' : 's'} in ${result.filesWithIssues.size} file${result.filesWithIssues.size === 1 ? '' : 's'}.`,
    );
    process.exit(1);
  }
  console.log(`Spelling: ${result.files} files in British English.`);
} catch (error) {
  console.error(`spell: ${(error as Error).message}`);
  process.exit(2);
}
