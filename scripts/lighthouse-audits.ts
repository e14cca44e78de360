/** Reading a Lighthouse result: scores against the targets, the failing audits with their evidence, the network. */
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { KB } from './bundle-sizes.ts';

/** Issue 17's targets for every public page (the median run's figures). */
export const TARGETS = {
  initialJsKb: 95, // gzip, before interaction, from the build
  lcpMs: 1200,
  tbtMs: 50,
  cls: 0.01,
  performance: 100,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
} as const;
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type CategoryId = (typeof CATEGORIES)[number];

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
  statusCode?: number;
  mimeType?: string;
}

interface FailingAudit {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  /** A few details rows (selectors, snippets, URLs) as evidence. */
  evidence: string[];
}

export interface PageResult {
  url: string;
  runs: number[];
  medianRun: number;
  scores: Record<CategoryId, number | null>;
  metrics: {
    lcpMs: number;
    fcpMs: number;
    tbtMs: number;
    cls: number;
    speedIndexMs: number;
    observedFcpMs: number;
    observedLcpMs: number;
  };
  network: {
    requests: number;
    scriptTransfer: number;
    scriptResource: number;
    totalTransfer: number;
    scripts: { url: string; transferSize: number; resourceSize: number }[];
    foreignRequests: string[];
    failedRequests: string[];
  };
  failingAudits: Partial<Record<CategoryId, FailingAudit[]>>;
}

function networkItems(lhr: Result): NetworkItem[] {
  const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
  return details?.items ?? [];
}

type Details = { type?: string; items?: Record<string, unknown>[]; value?: unknown; chains?: Record<string, Chain> };
type Chain = {
  url: string;
  navStartToEndTime: number;
  transferSize: number;
  isLongest?: boolean;
  children?: Record<string, Chain>;
};

/** Readable evidence from an audit's details: nodes, URLs, LCP phases, the longest request chain. */
function evidenceOf(audit: Result['audits'][string]): string[] {
  const out: string[] = [];
  const visit = (details: Details | undefined) => {
    if (!details) return;
    if (details.type === 'network-tree' && details.chains) {
      const chain: string[] = [];
      let level: Record<string, Chain> | undefined = details.chains;
      while (level) {
        const next: Chain | undefined = Object.values(level).find((c) => c.isLongest) ?? Object.values(level)[0];
        if (!next) break;
        chain.push(
          `${new URL(next.url).pathname} (${Math.round(next.transferSize / KB)} KB, done at ${Math.round(next.navStartToEndTime)} ms)`,
        );
        level = next.children;
      }
      if (chain.length) out.push(`longest chain: ${chain.join(' -> ')}`);
      return;
    }
    if (details.type === 'list-section') return visit(details.value as Details);
    for (const item of details.items ?? []) {
      if (
        typeof item.type === 'string' &&
        ['table', 'list', 'list-section', 'network-tree', 'opportunity'].includes(item.type)
      ) {
        visit(item as Details);
        continue;
      }
      const node = item.node as
        | {
            type?: string;
            value?: string;
            selector?: string;
            snippet?: string;
            nodeLabel?: string;
            explanation?: string;
          }
        | undefined;
      if (node) {
        const label = node.nodeLabel && node.nodeLabel !== node.selector ? `"${node.nodeLabel}"` : undefined;
        const score = typeof item.score === 'number' ? `score ${item.score.toFixed(3)}` : undefined;
        const line = [
          node.type === 'text' ? node.value : undefined,
          node.selector,
          node.snippet,
          label,
          node.explanation,
          score,
        ]
          .filter(Boolean)
          .join(' | ');
        if (line) out.push(line.replace(/\s+/g, ' '));
        continue;
      }
      if (typeof item.phase === 'string') {
        out.push(`phase ${item.phase}: ${Math.round(Number(item.timing))} ms (${String(item.percent)})`);
        continue;
      }
      const parts: string[] = [];
      for (const key of [
        'url',
        'source',
        'description',
        'label',
        'wastedBytes',
        'wastedMs',
        'totalBytes',
        'reflowTime',
      ]) {
        const v = item[key];
        if (v === undefined || v === null) continue;
        if (typeof v === 'object') {
          const o = v as { url?: string; line?: number; value?: unknown };
          parts.push(
            `${key}=${o.url ? `${o.url}${o.line !== undefined ? `:${o.line}` : ''}` : String(o.value ?? JSON.stringify(o)).slice(0, 160)}`,
          );
        } else parts.push(`${key}=${typeof v === 'number' ? Math.round(v) : String(v).slice(0, 200)}`);
      }
      if (parts.length) out.push(parts.join(' '));
    }
  };
  visit(audit.details as Details | undefined);
  return out.slice(0, 8);
}

/** Audits in a category that did not pass (score < 1; for performance < 0.9, the "passed" threshold). */
function failingAudits(lhr: Result, category: CategoryId): FailingAudit[] {
  const threshold = category === 'performance' ? 0.9 : 1;
  const refs = lhr.categories[category]?.auditRefs ?? [];
  const out: FailingAudit[] = [];
  for (const ref of refs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= threshold) continue;
    if (
      audit.scoreDisplayMode === 'notApplicable' ||
      audit.scoreDisplayMode === 'manual' ||
      audit.scoreDisplayMode === 'informative'
    )
      continue;
    out.push({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      evidence: evidenceOf(audit),
    });
  }
  return out;
}

function metricsOf(lhr: Result): PageResult['metrics'] {
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const observed = ((lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ??
    {}) as Record<string, number | undefined>;
  return {
    lcpMs: num('largest-contentful-paint'),
    fcpMs: num('first-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    speedIndexMs: num('speed-index'),
    // Unthrottled, as seen on this machine; the figures above are Lighthouse's simulation of a slow 4G phone.
    observedFcpMs: observed.observedFirstContentfulPaint ?? NaN,
    observedLcpMs: observed.observedLargestContentfulPaint ?? NaN,
  };
}

/** Each metric's median over the runs (the runs' scores can tie while their metrics differ). */
function medianMetrics(lhrs: readonly Result[]): PageResult['metrics'] {
  const all = lhrs.map(metricsOf);
  const median = (values: number[]) => {
    const known = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
    return known.length ? known[Math.floor((known.length - 1) / 2)]! : NaN;
  };
  const keys = Object.keys(all[0]!) as (keyof PageResult['metrics'])[];
  return Object.fromEntries(keys.map((k) => [k, median(all.map((m) => m[k]))])) as PageResult['metrics'];
}

/** The page's result: scores, failing audits and network from the median run (`lhr`), metrics as medians of `all`. */
export function summarise(
  url: string,
  lhr: Result,
  all: readonly Result[],
  runs: number[],
  medianRun: number,
): PageResult {
  const origin = new URL(url).host;
  const items = networkItems(lhr);
  const scripts = items.filter((i) => i.resourceType === 'Script');
  const foreign = items.map((i) => i.url).filter((u) => /^https?:/.test(u) && new URL(u).host !== origin);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null])) as Record<
    CategoryId,
    number | null
  >;
  const failing: PageResult['failingAudits'] = {};
  for (const c of CATEGORIES) {
    const target = TARGETS[c];
    const score = scores[c];
    if (score === null || Math.round(score * 100) < target) failing[c] = failingAudits(lhr, c);
  }
  return {
    url,
    runs,
    medianRun,
    scores,
    metrics: medianMetrics(all),
    network: {
      requests: items.length,
      scriptTransfer: scripts.reduce((a, i) => a + (i.transferSize ?? 0), 0),
      scriptResource: scripts.reduce((a, i) => a + (i.resourceSize ?? 0), 0),
      totalTransfer: items.reduce((a, i) => a + (i.transferSize ?? 0), 0),
      scripts: scripts.map((i) => ({
        url: new URL(i.url).pathname,
        transferSize: i.transferSize ?? 0,
        resourceSize: i.resourceSize ?? 0,
      })),
      foreignRequests: [...new Set(foreign)],
      failedRequests: items.filter((i) => (i.statusCode ?? 0) >= 400).map((i) => `${i.statusCode} ${i.url}`),
    },
    failingAudits: failing,
  };
}

/** One Lighthouse run; a run that ends in a runtime error (e.g. an intermittent NO_NAVSTART) is retried twice. */
export async function auditOnce(url: string, flags: Flags): Promise<{ lhr: Result; report: string | string[] }> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt >= 3) throw new Error(`Lighthouse failed on ${url}: ${error.code} ${error.message}`);
    console.log(`  ${url}: Lighthouse runtime error ${error.code}; retrying`);
  }
}
