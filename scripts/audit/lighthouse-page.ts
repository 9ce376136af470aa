import lighthouse, { type Config, type Flags, type Result } from 'lighthouse';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

interface FailingAudit {
  id: string;
  title: string;
  categories: Category[];
  /** 0–100, or null when the audit errored. */
  score: number | null;
  /** Its weight in the category score: 0 means Lighthouse shows it but it does not lower the score. */
  weight: number;
  displayValue?: string;
  /** What Lighthouse points at: element selectors and snippets, contrast pairs, URLs. */
  details: string[];
}

export interface PageAudit {
  path: string;
  url: string;
  /** HTTP status Lighthouse saw for the document. */
  status?: number;
  /** 0–100 per category; null when Lighthouse could not score it. */
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  transferBytes: number | null;
  /**
   * Lighthouse's measure of this machine's speed for the run (higher is faster), which its simulated throttling scales
   * the page's measured work by: the same site scores lower on a slower machine.
   */
  benchmarkIndex?: number;
  failingAudits: FailingAudit[];
  /** Performance scores of every run when the page was audited again to confirm a low score; the page keeps the median run. */
  performanceRuns?: number[];
  runtimeError?: string;
  warnings: string[];
}

type AuditResult = Result['audits'][string];
type DetailItem = Record<string, unknown>;

const MAX_DETAILS = 8;
const oneLine = (text: string, max = 220) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

function describeItem(item: DetailItem): string | undefined {
  const parts: string[] = [];
  const node = item.node as { selector?: string; snippet?: string; explanation?: string; nodeLabel?: string } | undefined;
  if (node?.selector) parts.push(`selector: ${node.selector}`);
  if (node?.snippet) parts.push(`snippet: ${oneLine(node.snippet, 160)}`);
  if (node?.explanation) parts.push(oneLine(node.explanation.replace(/^Fix (any|all) of the following:/, '')));
  const source = item.source as { url?: string } | string | undefined;
  const location = item.sourceLocation as { url?: string } | undefined;
  const url = (item.url as string | undefined) ?? (typeof source === 'object' ? source?.url : undefined) ?? location?.url;
  if (url) parts.push(`url: ${url}`);
  if (typeof item.description === 'string') parts.push(oneLine(item.description));
  if (typeof item.reason === 'string') parts.push(`reason: ${oneLine(item.reason)}`);
  if (typeof item.duration === 'number') parts.push(`duration: ${Math.round(item.duration)} ms`);
  if (typeof item.text === 'string') parts.push(`text: ${oneLine(item.text, 120)}`);
  if (typeof item.href === 'string') parts.push(`href: ${item.href}`);
  if (typeof item.wastedBytes === 'number') parts.push(`wasted: ${Math.round(item.wastedBytes)} B`);
  if (typeof item.wastedMs === 'number') parts.push(`wasted: ${Math.round(item.wastedMs)} ms`);
  return parts.length > 0 ? parts.join(' | ') : undefined;
}

interface NetworkNode {
  url: string;
  navStartToEndTime: number;
  children?: Record<string, NetworkNode>;
}

/** The request chains of a network-tree, each as "a → b → c (51 ms)". */
function networkChains(chains: Record<string, NetworkNode>, prefix: string[] = []): string[] {
  return Object.values(chains).flatMap((node) => {
    const path = [...prefix, node.url.replace(/^https?:\/\/[^/]+/, '')];
    const children = node.children ?? {};
    return Object.keys(children).length > 0 ? networkChains(children, path) : [`chain: ${path.join(' → ')} (${Math.round(node.navStartToEndTime)} ms)`];
  });
}

/** Table and list rows of an audit's details; insight audits nest tables, text and request trees inside a list. */
function detailItems(details: unknown): DetailItem[] {
  if (!details || typeof details !== 'object' || !('items' in details) || !Array.isArray(details.items)) return [];
  return (details.items as DetailItem[]).flatMap((item): DetailItem[] => {
    if (item?.type !== 'list-section') return 'items' in item && Array.isArray(item.items) ? detailItems(item) : [item];
    const value = item.value as { type?: string; value?: string; chains?: Record<string, NetworkNode> } | undefined;
    if (value?.type === 'text') return [{ description: `${String(item.title ?? '')}: ${String(value.value)}` }];
    if (value?.type === 'network-tree' && value.chains) return networkChains(value.chains).map((description) => ({ description }));
    return detailItems(value);
  });
}

function describeDetails(audit: AuditResult): string[] {
  const lines = detailItems(audit.details)
    .map(describeItem)
    .filter((line): line is string => line !== undefined);
  const unique = [...new Set(lines)];
  if (unique.length > MAX_DETAILS) return [...unique.slice(0, MAX_DETAILS), `… and ${unique.length - MAX_DETAILS} more`];
  if (unique.length === 0 && audit.errorMessage) return [`error: ${oneLine(audit.errorMessage)}`];
  return unique;
}

/** Lighthouse's report lists performance audits at 0.9 or above as passed; other categories need a full score. */
const failsIn = (category: Category, score: number) => score < (category === 'performance' ? 0.9 : 1);
const SCORED_MODES = new Set(['binary', 'numeric', 'metricSavings']);

function failingAudits(lhr: Result): FailingAudit[] {
  const byId = new Map<string, FailingAudit>();
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit) continue;
      const errored = audit.scoreDisplayMode === 'error';
      const failed = SCORED_MODES.has(audit.scoreDisplayMode) && audit.score !== null && failsIn(category, audit.score);
      if (!errored && !failed) continue;
      const known = byId.get(ref.id);
      if (known) {
        known.categories.push(category);
        known.weight = Math.max(known.weight, ref.weight);
        continue;
      }
      byId.set(ref.id, {
        id: ref.id,
        title: audit.title,
        categories: [category],
        score: audit.score === null ? null : Math.round(audit.score * 100),
        weight: ref.weight,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        details: describeDetails(audit),
      });
    }
  }
  return [...byId.values()];
}

const numeric = (lhr: Result, id: string): number | null => {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === 'number' ? value : null;
};

function summarise(path: string, lhr: Result): PageAudit {
  const score = (category: Category) => {
    const value = lhr.categories[category]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  const lcp = numeric(lhr, 'largest-contentful-paint');
  const tbt = numeric(lhr, 'total-blocking-time');
  const cls = numeric(lhr, 'cumulative-layout-shift');
  const bytes = numeric(lhr, 'total-byte-weight');
  const mainDocument = lhr.audits['network-requests']?.details;
  const status = detailItems(mainDocument).find((item) => item.url === lhr.finalDisplayedUrl)?.statusCode;
  return {
    path,
    url: lhr.requestedUrl ?? lhr.finalDisplayedUrl,
    ...(typeof status === 'number' ? { status } : {}),
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
    lcpMs: lcp === null ? null : Math.round(lcp),
    tbtMs: tbt === null ? null : Math.round(tbt),
    cls: cls === null ? null : Math.round(cls * 1000) / 1000,
    transferBytes: bytes === null ? null : Math.round(bytes),
    ...(typeof lhr.environment?.benchmarkIndex === 'number' ? { benchmarkIndex: Math.round(lhr.environment.benchmarkIndex) } : {}),
    // After a runtime error every trace-based audit errors with the same message: the error alone says it.
    failingAudits: failingAudits(lhr).filter((audit) => !lhr.runtimeError || audit.score !== null),
    ...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
    warnings: lhr.runWarnings.map((warning) => oneLine(String(warning))),
  };
}

/**
 * For the 404 page only: Chromium logs "Failed to load resource … 404" for the document itself, which
 * "errors-in-console" would count against a page that is right to answer 404; and the page itself logs the
 * missing path as an error, on purpose (the not-found page reports every missing address to the console). Other console errors still count,
 * and a missing sub-resource would show on every other page, which shares the layout.
 */
const notFoundPageConfig: Config = {
  extends: 'lighthouse:default',
  audits: [
    {
      path: 'errors-in-console',
      options: {
        ignoredPatterns: [
          'ERR_BLOCKED_BY_CLIENT.Inspector',
          /^Failed to load resource: the server responded with a status of 404/,
          /^404 Error: User attempted to access non-existent route:/,
        ],
      },
    },
  ],
};

/**
 * One Lighthouse navigation with its defaults: mobile form factor, simulated throttling.
 * `expectErrorStatus` lets the 404 page be audited: Lighthouse otherwise refuses a document answered with 4xx.
 */
export async function auditPage(path: string, url: string, browserPort: number, expectErrorStatus = false): Promise<PageAudit> {
  const flags: Flags = {
    port: browserPort,
    hostname: '127.0.0.1',
    logLevel: 'error',
    output: 'json',
    onlyCategories: [...CATEGORIES],
    ignoreStatusCode: expectErrorStatus,
  };
  const result = await lighthouse(url, flags, expectErrorStatus ? notFoundPageConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned no result for ${url}.`);
  return summarise(path, result.lhr);
}
