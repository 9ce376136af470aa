import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatProblem, lintWorkflowDir, lintWorkflowText } from '../../scripts/workflows/workflow-lint.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('GitHub Actions workflows', () => {
  it('pass actionlint', async () => {
    const { files, problems } = await lintWorkflowDir(`${root}.github/workflows`, root);
    expect(files).toEqual(expect.arrayContaining(['.github/workflows/ci.yml', '.github/workflows/deploy.yml']));
    expect(problems.map(formatProblem)).toEqual([]);
  });

  it('a broken workflow is rejected, naming the line', async () => {
    const broken = [
      'on: push',
      'jobs:',
      '  build:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - run: echo ${{ github.no_such_property }}',
      '      - uses: actions/checkout@v4',
      '        with-typo: {}',
    ].join('\n');
    const problems = await lintWorkflowText(broken, 'broken.yml');
    expect(problems.map((problem) => problem.line)).toEqual(expect.arrayContaining([6, 8]));
    expect(formatProblem(problems[0]!)).toMatch(/^broken\.yml:\d+:\d+: /);
  });
});
