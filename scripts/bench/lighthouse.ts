/**
 * Lighthouse 13 (its default mobile emulation and simulated throttling) against headless Debian
 * Chromium started once through chrome-launcher; each page is run `runs` times and every figure
 * is the median of its runs.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './page-weight';

export type LighthouseFigure = {
	path: string;
	runs: number;
	error?: string;
	performance: number | null;
	accessibility: number | null;
	bestPractices: number | null;
	seo: number | null;
	lcpMs: number | null;
	tbtMs: number | null;
	cls: number | null;
	/** Audits that cost points in accessibility, best practices or SEO (from the median run). */
	failedAudits: string[];
};

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

function median(values: (number | null)[]): number | null {
	const known = values.filter((v): v is number => typeof v === 'number').sort((a, b) => a - b);
	if (known.length === 0) return null;
	const mid = Math.floor(known.length / 2);
	return known.length % 2 ? known[mid]! : (known[mid - 1]! + known[mid]!) / 2;
}

type Run = {
	performance: number | null;
	accessibility: number | null;
	bestPractices: number | null;
	seo: number | null;
	lcpMs: number | null;
	tbtMs: number | null;
	cls: number | null;
	failedAudits: string[];
};

// biome-ignore-start lint/suspicious/noExplicitAny: the LHR is read loosely on purpose
function readRun(lhr: any): Run {
	const score = (id: string) => {
		const value = lhr.categories?.[id]?.score;
		return typeof value === 'number' ? Math.round(value * 100) : null;
	};
	const numeric = (id: string) => {
		const value = lhr.audits?.[id]?.numericValue;
		return typeof value === 'number' ? value : null;
	};
	const failedAudits: string[] = [];
	for (const id of ['accessibility', 'best-practices', 'seo']) {
		for (const ref of lhr.categories?.[id]?.auditRefs ?? []) {
			const audit = lhr.audits?.[ref.id];
			if (ref.weight > 0 && audit && typeof audit.score === 'number' && audit.score < 1) {
				failedAudits.push(`${id}:${ref.id}`);
			}
		}
	}
	// What the console complained about, so an errors-in-console finding names its cause.
	const consoleItems: any[] = lhr.audits?.['errors-in-console']?.details?.items ?? [];
	for (const item of consoleItems.slice(0, 3)) {
		failedAudits.push(
			`console: ${String(item.description ?? item.source ?? '').slice(0, 160)}${item.sourceLocation?.url ? ` (${item.sourceLocation.url})` : ''}`,
		);
	}
	return {
		performance: score('performance'),
		accessibility: score('accessibility'),
		bestPractices: score('best-practices'),
		seo: score('seo'),
		lcpMs: numeric('largest-contentful-paint'),
		tbtMs: numeric('total-blocking-time'),
		cls: numeric('cumulative-layout-shift'),
		failedAudits,
	};
}
// biome-ignore-end lint/suspicious/noExplicitAny: end of the loosely read LHR

let running: chromeLauncher.LaunchedChrome | undefined;

/** Stops the Chromium Lighthouse drives, when the benchmark is interrupted. */
export function killLighthouseChrome(): void {
	running?.kill();
	running = undefined;
}

export async function runLighthouse(
	origin: string,
	paths: string[],
	runs: number,
	log: (line: string) => void,
): Promise<LighthouseFigure[]> {
	const chrome = await chromeLauncher.launch({
		chromePath: CHROMIUM_PATH,
		chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'],
		logLevel: 'silent',
	});
	running = chrome;
	const figures: LighthouseFigure[] = [];
	try {
		for (const path of paths) {
			const results: Run[] = [];
			let error: string | undefined;
			for (let i = 0; i < runs; i++) {
				try {
					const outcome = await lighthouse(origin + path, {
						port: chrome.port,
						output: 'json',
						logLevel: 'error',
						onlyCategories: CATEGORIES,
					});
					const lhr = outcome?.lhr;
					if (!lhr) throw new Error('no result');
					if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
					results.push(readRun(lhr));
				} catch (caught) {
					error = caught instanceof Error ? caught.message.split('\n')[0] : String(caught);
				}
			}
			const byPerformance = [...results].sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
			const middle = byPerformance[Math.floor(byPerformance.length / 2)];
			const figure: LighthouseFigure = {
				path,
				runs: results.length,
				...(results.length === 0 ? { error } : {}),
				performance: median(results.map((r) => r.performance)),
				accessibility: median(results.map((r) => r.accessibility)),
				bestPractices: median(results.map((r) => r.bestPractices)),
				seo: median(results.map((r) => r.seo)),
				lcpMs: median(results.map((r) => r.lcpMs)),
				tbtMs: median(results.map((r) => r.tbtMs)),
				cls: median(results.map((r) => r.cls)),
				failedAudits: middle?.failedAudits ?? [],
			};
			log(
				`  lighthouse ${path}: perf ${figure.performance ?? '-'} a11y ${figure.accessibility ?? '-'} ` +
					`bp ${figure.bestPractices ?? '-'} seo ${figure.seo ?? '-'}` +
					(figure.error ? ` (${figure.error})` : ''),
			);
			figures.push(figure);
		}
	} finally {
		chrome.kill();
		running = undefined;
	}
	return figures;
}
