import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The groups in the order their files start; a group not named here starts last. */
const START_ORDER = ['project', 'db', 'dist', 'unit'];

/**
 * Vitest's own order (a file that failed last time first, then the longest, or on a fresh clone the largest), with the
 * groups started project, db, dist, unit rather than in the alphabetical order of their names. The project files
 * build, serve and browse copies, tens of seconds each, often on one core; started first, they run beside the browser
 * tests, and the many short unit files fill both cores at the end (started last, they left one core idle for the
 * last half-minute of npm test while a copy was checked).
 */
export class ProjectFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = START_ORDER.indexOf(file.project.name);
      return at === -1 ? START_ORDER.length : at;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
