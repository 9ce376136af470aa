/**
 * Build benchmark: wall time and peak memory of `astro build` for the real site, then for a temporary copy
 * with generated service pages added. Run `npm run bench -- --help`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generatedServiceMdx, generatedSlug } from './bench/generated-services.ts';
import { describeMachine, machineLine } from './shared/machine.ts';
import { samplePeakRss } from './bench/process-tree-rss.ts';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const astroBin = join(repoRoot, 'node_modules/.bin/astro');
const COPIED = ['src', 'content', 'supabase', 'astro.config.mjs', 'tsconfig.json', 'package.json'];
const TARGETS = { realSeconds: 10, enlargedSeconds: 60 };

const usage = `Usage: npm run bench -- [--pages 1000] [--keep] [--quick]
       node scripts/bench-build.ts [--pages 1000] [--keep] [--with-enquiries]

1. Builds the real site (into a temporary folder, leaving dist/ alone) and measures wall time and the peak
   resident memory of the build's process tree (sampled from /proc every 100 ms).
2. Copies ${COPIED.join(', ')} to a temporary folder (node_modules symlinked), adds
   --pages generated service pages to content/services/, and measures that build the same way.
Targets: real site under ${TARGETS.realSeconds} s; with 1,000 extra pages under ${TARGETS.enlargedSeconds} s.
Writes reports/bench.json; exits 1 if a build fails or a target is missed. --keep leaves the copy in place.
--with-enquiries (what "npm run bench" passes) then runs "npm run bench:enquiries -- --n 1000", and
--with-navigation (passed too) "npm run bench:navigation" on the real site's build of step 1.
--quick runs each benchmark once, small (1 generated page, 20 enquiries, 1 link), to see that they run: targets are
reported but not judged. Reports go to reports/ under the current folder.`;

interface BuildRun {
  label: string;
  seconds: number;
  peakRssMiB: number;
  pagesBuilt: number;
  secondsPerPage: number;
}

async function countHtml(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).length;
}

async function measureBuild(label: string, cwd: string, outDir: string): Promise<BuildRun> {
  console.log(`--- ${label}: astro build in ${cwd}`);
  const started = performance.now();
  const build = spawn(astroBin, ['build', '--outDir', outDir], {
    cwd,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const sampler = samplePeakRss(build.pid!);
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  build.stdout.on('data', keep);
  build.stderr.on('data', keep);
  const code = await new Promise<number | null>((resolve) => build.once('close', resolve));
  const peak = sampler.stop();
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`${label}: astro build failed (exit ${code}). Last output:\n${output.trim()}`);
  const pagesBuilt = await countHtml(outDir);
  const run = {
    label,
    seconds: Math.round(seconds * 100) / 100,
    peakRssMiB: Math.round(peak / 1024 ** 2),
    pagesBuilt,
    secondsPerPage: Math.round((seconds / pagesBuilt) * 10000) / 10000,
  };
  console.log(`${label}: ${run.seconds} s, ${pagesBuilt} pages, ${run.secondsPerPage} s/page, peak RSS ${run.peakRssMiB} MiB`);
  return run;
}

async function enlargedCopy(workDir: string, pages: number): Promise<string> {
  const copy = join(workDir, 'site');
  await mkdir(copy);
  for (const item of COPIED) await cp(join(repoRoot, item), join(copy, item), { recursive: true });
  await symlink(join(repoRoot, 'node_modules'), join(copy, 'node_modules'), 'dir');
  for (let index = 1; index <= pages; index++) {
    await writeFile(join(copy, 'content/services', `${generatedSlug(index)}.mdx`), generatedServiceMdx(index));
  }
  return copy;
}

/** The enquiry and navigation benchmarks run even when a build target is missed: they measure different things. */
function runBench(script: 'bench-enquiries' | 'bench-navigation', args: string[]): number {
  console.log(`\n--- node scripts/${script}.ts ${args.join(' ')}`);
  return spawnSync(process.execPath, [join(repoRoot, `scripts/${script}.ts`), ...args], { stdio: 'inherit' }).status ?? 1;
}

const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string', default: '1000' },
      keep: { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
      'with-enquiries': { type: 'boolean', default: false },
      'with-navigation': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const pages = values.quick ? 1 : Number(values.pages);
  if (!Number.isInteger(pages) || pages < 1 || pages > 20_000) throw new Error(`--pages must be a whole number from 1 to 20000, got "${values.pages}".`);

  const workDir = await mkdtemp(join(tmpdir(), 'bench-build-'));
  try {
    const realDist = join(workDir, 'real-dist');
    const real = await measureBuild('real site', repoRoot, realDist);
    const copy = await enlargedCopy(workDir, pages);
    const enlarged = await measureBuild(`real site + ${pages} generated service pages`, copy, join(copy, 'dist'));
    const extraPages = enlarged.pagesBuilt - real.pagesBuilt;
    const secondsPerExtraPage = Math.round(((enlarged.seconds - real.seconds) / extraPages) * 10000) / 10000;
    // The 60 s target is for 1,000 extra pages; another --pages count scales it.
    const enlargedTarget = (TARGETS.enlargedSeconds * pages) / 1000;
    const results = {
      realPass: real.seconds < TARGETS.realSeconds,
      enlargedPass: enlarged.seconds < enlargedTarget,
    };
    const machine = describeMachine();
    const report = {
      date: new Date().toISOString(),
      machine,
      targets: { realSeconds: TARGETS.realSeconds, enlargedSeconds: enlargedTarget, extraPages: pages },
      real,
      enlarged: { ...enlarged, extraPages, secondsPerExtraPage },
      pass: results.realPass && results.enlargedPass,
      note: 'The header dropdown lists every service, so with the generated pages every page carries a menu of all of them: the enlarged build also measures much larger pages.',
    };
    await mkdir('reports', { recursive: true });
    await writeFile('reports/bench.json', `${JSON.stringify(report, null, 2)}\n`);

    console.log(`
Build benchmark, ${report.date}
Machine: ${machineLine(machine)}
${verdict(results.realPass)}  real site: ${real.seconds} s for ${real.pagesBuilt} pages (${real.secondsPerPage} s/page), peak RSS ${real.peakRssMiB} MiB (target < ${TARGETS.realSeconds} s)
${verdict(results.enlargedPass)}  + ${pages} pages: ${enlarged.seconds} s for ${enlarged.pagesBuilt} pages (${enlarged.secondsPerPage} s/page; ${secondsPerExtraPage} s per extra page), peak RSS ${enlarged.peakRssMiB} MiB (target < ${enlargedTarget} s)
Note: ${report.note}
Wrote reports/bench.json${values.keep ? `; the copy is in ${copy}` : ''}`);
    const enquiries = values['with-enquiries'] ? runBench('bench-enquiries', ['--n', values.quick ? '20' : '1000']) : 0;
    const navigation = values['with-navigation'] ? runBench('bench-navigation', ['--root', realDist, ...(values.quick ? ['--links', '1'] : [])]) : 0;
    // A quick run only shows that every benchmark runs: a small build's time says nothing of the targets.
    return (report.pass || values.quick) && enquiries === 0 && navigation === 0 ? 0 : 1;
  } finally {
    if (!values.keep) await rm(workDir, { recursive: true, force: true });
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`bench: ${(error as Error).message}`);
  process.exitCode = 1;
}
