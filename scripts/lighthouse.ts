/**
 * Lighthouse 12 audit of `/` and `/donate` (default mobile settings), plus bundle sizes computed from dist/client.
 *
 *   npm run lighthouse                     # 3 runs per page
 *   LIGHTHOUSE_RUNS=5 npm run lighthouse   # more runs; the median by performance score is reported
 *   CHROMIUM_PATH=/path/to/chrome npm run lighthouse
 *
 * Starts the built app (temporary DATA_DIR, PGlite) on 127.0.0.1, prints the figures beside the targets,
 * writes .lighthouse/summary.json and the median runs' reports. Exits 0 even when a target is missed.
 * See docs/performance.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { ROOT, ensureBuilt, onCleanup, runScript, startApp, tempDir } from './bench.ts';

const PAGES = ['/', '/donate'] as const;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3);
const OUT_DIR = path.join(ROOT, '.lighthouse');
const CLIENT_DIR = path.join(ROOT, 'dist', 'client');
const KB = 1024;

const TARGETS = {
  initialJsKb: 95, // gzip, page `/`
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
} as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type CategoryId = (typeof CATEGORIES)[number];

// ---------------------------------------------------------------------------------------------
// Sizes from dist/client, independent of Lighthouse.

const gzipBytes = (buf: Buffer | string) => gzipSync(buf, { level: 9 }).length;

/** The route module each page loads before hydrating (read from src/client/routes.tsx). */
function pageModuleName(pathname: string): string | undefined {
  const source = fs.readFileSync(path.join(ROOT, 'src/client/routes.tsx'), 'utf8');
  const escaped = pathname.replace(/[/.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(
    `path:\\s*'${escaped}',\\s*load:\\s*\\(\\)\\s*=>\\s*import\\('[^']*/([\\w-]+)\\.tsx'\\)`,
  ).exec(source);
  return match?.[1];
}

/** Chunks a module imports statically (`import ... from "./x.js"`, `import "./x.js"`, `export ... from "./x.js"`); not import(). */
function staticImports(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const m of code.matchAll(/\b(?:import|export)\s*(?:[^'"();]*?\bfrom\s*)?["']\.\/([\w.-]+\.js)["']/g))
    found.add(m[1]!);
  return [...found];
}

interface PageBundle {
  htmlBytes: number;
  htmlGzip: number;
  /** Entry script, modulepreloads, the page chunk, and everything they import statically. */
  scripts: { file: string; bytes: number; gzip: number }[];
  jsBytes: number;
  jsGzip: number;
}

function pageBundle(pathname: string): PageBundle {
  const name = pathname === '/' ? 'index' : pathname.slice(1);
  const html = fs.readFileSync(path.join(CLIENT_DIR, 'pages', `${name}.html`));
  const text = html.toString('utf8');
  const assets = fs.readdirSync(path.join(CLIENT_DIR, 'assets'));
  const roots = new Set<string>();
  for (const m of text.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="\/assets\/([^"]+\.js)"/g)) roots.add(m[1]!);
  for (const m of text.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="\/assets\/([^"]+\.js)"/g))
    roots.add(m[1]!);
  const moduleName = pageModuleName(pathname);
  const pageChunk =
    moduleName &&
    assets.find((f) => f.startsWith(`${moduleName}-`) && f.endsWith('.js') && /^[\w-]+-[\w-]{8}\.js$/.test(f));
  if (pageChunk) roots.add(pageChunk);
  else
    console.warn(
      `  could not find the page chunk for ${pathname} (module ${moduleName ?? '?'}): JS figure excludes it`,
    );

  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file) || !assets.includes(file)) continue;
    seen.add(file);
    queue.push(...staticImports(path.join(CLIENT_DIR, 'assets', file)));
  }
  const scripts = [...seen].map((file) => {
    const buf = fs.readFileSync(path.join(CLIENT_DIR, 'assets', file));
    return { file, bytes: buf.length, gzip: gzipBytes(buf) };
  });
  return {
    htmlBytes: html.length,
    htmlGzip: gzipBytes(html),
    scripts,
    jsBytes: scripts.reduce((a, s) => a + s.bytes, 0),
    jsGzip: scripts.reduce((a, s) => a + s.gzip, 0),
  };
}

/** The built files the app serves; compared before and after, since a rebuild mid-run mixes two builds. */
function buildFingerprint(): string {
  const dirs = [path.join(CLIENT_DIR, 'assets'), path.join(CLIENT_DIR, 'pages')];
  return dirs
    .map((dir) =>
      fs.existsSync(dir)
        ? fs
            .readdirSync(dir)
            .sort()
            .map((f) => `${f}:${fs.statSync(path.join(dir, f)).mtimeMs}`)
            .join(',')
        : '',
    )
    .join('|');
}

// ---------------------------------------------------------------------------------------------
// Lighthouse.

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

interface PageResult {
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

function summarise(url: string, lhr: Result, runs: number[], medianRun: number): PageResult {
  const origin = new URL(url).host;
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const observed = ((lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ??
    {}) as Record<string, number | undefined>;
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
    metrics: {
      lcpMs: num('largest-contentful-paint'),
      fcpMs: num('first-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      speedIndexMs: num('speed-index'),
      // Unthrottled, as seen on this machine; the figures above are Lighthouse's simulation of a slow 4G phone.
      observedFcpMs: observed.observedFirstContentfulPaint ?? NaN,
      observedLcpMs: observed.observedLargestContentfulPaint ?? NaN,
    },
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
async function auditOnce(url: string, flags: Flags): Promise<{ lhr: Result; report: string | string[] }> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt >= 3) throw new Error(`Lighthouse failed on ${url}: ${error.code} ${error.message}`);
    console.log(`  ${url}: Lighthouse runtime error ${error.code}; retrying`);
  }
}

// ---------------------------------------------------------------------------------------------

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

async function main(): Promise<void> {
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromePath))
    throw new Error(`no browser at ${chromePath}: set CHROMIUM_PATH to a Chromium or Chrome binary`);
  ensureBuilt();
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const buildAtStart = buildFingerprint();

  const app = await startApp({ env: (port) => ({ PUBLIC_URL: `http://127.0.0.1:${port}` }), label: 'app' });
  const chrome = await chromeLauncher.launch({
    chromePath,
    // Its own SIGINT handler would exit at once, before our clean-up stops the app; ours kills Chrome too.
    handleSIGINT: false,
    // Our own profile directory, so it is removed even when the launch fails.
    userDataDir: tempDir('hc-chrome-'),
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  onCleanup(() => chrome.kill());
  const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser?: string };
  console.log(
    `Lighthouse 12 (default mobile settings, simulated throttling), ${RUNS} run(s) per page, ${version.Browser ?? chromePath}; app on ${app.url}`,
  );

  const flags: Flags = { port: chrome.port, output: ['json', 'html'], logLevel: 'error' };
  const results: Record<string, PageResult & { bundle: PageBundle }> = {};

  for (const pathname of PAGES) {
    const url = `${app.url}${pathname}`;
    const runs: { lhr: Result; report: string[] }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await auditOnce(url, flags);
      runs.push({ lhr: result.lhr, report: Array.isArray(result.report) ? result.report : [result.report] });
      console.log(
        `  ${pathname} run ${i + 1}/${RUNS}: performance ${Math.round((result.lhr.categories.performance?.score ?? 0) * 100)}`,
      );
    }
    const order = runs
      .map((r, i) => ({ i, score: r.lhr.categories.performance?.score ?? 0 }))
      .sort((a, b) => a.score - b.score);
    const median = order[Math.floor((order.length - 1) / 2)]!.i;
    const chosen = runs[median]!;
    const slug = pathname === '/' ? 'index' : pathname.slice(1);
    fs.writeFileSync(path.join(OUT_DIR, `${slug}.report.json`), chosen.report[0]!);
    if (chosen.report[1]) fs.writeFileSync(path.join(OUT_DIR, `${slug}.report.html`), chosen.report[1]);
    results[pathname] = {
      ...summarise(
        url,
        chosen.lhr,
        runs.map((r) => Math.round((r.lhr.categories.performance?.score ?? 0) * 100)),
        median + 1,
      ),
      bundle: pageBundle(pathname),
    };
  }

  // ---- report
  let missed = 0;
  const check = (ok: boolean) => {
    if (!ok) missed++;
    return mark(ok);
  };
  for (const pathname of PAGES) {
    const r = results[pathname]!;
    const b = r.bundle;
    console.log(
      `\n${pathname}  (median of ${RUNS} by performance score: run ${r.medianRun}; all runs: ${r.runs.join(', ')})`,
    );
    for (const c of CATEGORIES) {
      const score = r.scores[c] === null ? NaN : Math.round(r.scores[c]! * 100);
      const target = TARGETS[c];
      const op = c === 'performance' ? '>=' : '=';
      console.log(
        `  ${c.padEnd(15)} ${String(score).padStart(3)}   target ${op} ${target}   ${check(score >= target)}`,
      );
    }
    const m = r.metrics;
    console.log(
      `  LCP ${(m.lcpMs / 1000).toFixed(2)} s   FCP ${(m.fcpMs / 1000).toFixed(2)} s   TBT ${Math.round(m.tbtMs)} ms   CLS ${m.cls.toFixed(3)}   (Speed Index ${(m.speedIndexMs / 1000).toFixed(2)} s; ` +
        `observed without throttling: FCP ${Math.round(m.observedFcpMs)} ms, LCP ${Math.round(m.observedLcpMs)} ms)`,
    );
    const jsTarget =
      pathname === '/'
        ? `   target <= ${TARGETS.initialJsKb} KB   ${check(r.network.scriptTransfer <= TARGETS.initialJsKb * KB)}`
        : '';
    console.log(
      `  network (median run): ${r.network.requests} requests, ${kb(r.network.totalTransfer)} transferred; ` +
        `JS transferred ${kb(r.network.scriptTransfer)} (${kb(r.network.scriptResource)} uncompressed)${jsTarget}`,
    );
    for (const s of r.network.scripts) {
      const compressed = s.transferSize < s.resourceSize * 0.9;
      console.log(
        `    ${s.url.padEnd(40)} ${kb(s.transferSize).padStart(9)} transferred, ${kb(s.resourceSize).padStart(9)} resource${compressed ? '' : '  (not compressed)'}`,
      );
    }
    console.log(
      `  requests to other hosts: ${r.network.foreignRequests.length === 0 ? 'none   ok' : `${r.network.foreignRequests.join(', ')}   ${check(false)}`}`,
    );
    if (r.network.failedRequests.length) console.log(`  failed requests: ${r.network.failedRequests.join(', ')}`);
    const gzTarget =
      pathname === '/' ? `   target <= ${TARGETS.initialJsKb} KB   ${check(b.jsGzip <= TARGETS.initialJsKb * KB)}` : '';
    console.log(
      `  from dist/client: HTML ${kb(b.htmlBytes)} (${kb(b.htmlGzip)} gzip); JS before interaction ${kb(b.jsBytes)} (${kb(b.jsGzip)} gzip)${gzTarget}`,
    );
    console.log(`    ${b.scripts.map((s) => `${s.file} ${kb(s.gzip)}`).join(', ')}`);
    const lazy = r.network.scripts.map((s) => path.basename(s.url)).filter((f) => !b.scripts.some((s) => s.file === f));
    if (lazy.length) {
      const sizes = lazy.map((f) => {
        const file = path.join(CLIENT_DIR, 'assets', f);
        return `${f} ${fs.existsSync(file) ? kb(gzipBytes(fs.readFileSync(file))) : '?'}`;
      });
      console.log(
        `    also loaded during the Lighthouse run (lazy chunks, not counted above): ${sizes.join(', ')} gzip`,
      );
    }
    for (const [c, audits] of Object.entries(r.failingAudits)) {
      if (!audits.length) continue;
      console.log(`  ${c}: audits not passing`);
      for (const a of audits) {
        console.log(`    - ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''} [score ${a.score}]`);
        for (const e of a.evidence) console.log(`        ${e.length > 220 ? `${e.slice(0, 220)}...` : e}`);
      }
    }
  }

  const buildChanged = buildFingerprint() !== buildAtStart;
  if (buildChanged) {
    console.log(
      '\nWARNING: dist/client changed while this ran (a rebuild?). The app serves the pages it loaded at start, which may',
    );
    console.log('name assets that no longer exist: these results mix two builds. Run again when nothing is building.');
  }
  const summary = {
    buildChangedDuringRun: buildChanged,
    date: new Date().toISOString(),
    lighthouse: '12',
    settings: 'default (mobile, simulated throttling)',
    runsPerPage: RUNS,
    targets: TARGETS,
    missedTargets: missed,
    pages: results,
  };
  fs.writeFileSync(path.join(OUT_DIR, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(
    `\n${missed === 0 ? 'All targets met.' : `${missed} target(s) MISSED.`} Summary: .lighthouse/summary.json; median reports: .lighthouse/<page>.report.{json,html}`,
  );
}

await runScript('Lighthouse run', main);
