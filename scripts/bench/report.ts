/**
 * Turns the collected figures into one table: every figure beside its budget with ok / over.
 * Budgets never change the exit code; they are read, not enforced (wall-clock figures vary
 * with the machine and whatever else runs on it).
 */
import type { LoadFigures, MixedLoadRun } from './mixed-load';
import type { DeliveryCheck } from './delivery';
import type { LighthouseFigure } from './lighthouse';
import type { LoadFigure, SequentialFigure } from './load';
import type { PageWeight } from './page-weight';
import type { PublishFigure } from './publish';
import type { GenerationFigures } from './server';
import type { PostgresFigures } from './postgres';
import type { OperationsCostFigure } from './operations';
import { BEACON_CPU_GOAL_US } from './beacons';
import type { SignedInFigure } from './signed-in';
import type { ScalingFigure } from './node-scaling';
import type { MediaFigures } from './media';
import type { ApiV1Figures } from './api-v1';
import type { ThemesFigures } from './themes';
import { isSiteSearch } from './dataset';
import { BUDGETS } from './budgets';

/** A search's p95 budget: the site search has its own, the list searches the engine's. */
function searchBudget(path: string, listBudget: number): number {
	return isSiteSearch(path) ? BUDGETS.siteSearchP95Ms : listBudget;
}

/** Pages that must ship no React runtime and at most 15 KB (article, education, static, podcast). */
export const LIGHT_PAGES = ['news', 'education', 'about', 'podcast'];

export type Status = 'ok' | 'over' | 'missing' | 'error' | 'info';
export type Row = { area: string; item: string; measured: string; budget: string; status: Status };

export type SizeFigures = {
	label: string;
	articles: number;
	insertMs: number;
	generation?: GenerationFigures;
	publish?: PublishFigure;
	error?: string;
};

import type { NewsletterFigure } from './newsletter';

export type Results = {
	startedAt: string;
	finishedAt?: string;
	machine: { cpus: number; pinned: boolean; node: string; loadAverage: number[] };
	options: { quick: boolean; lighthouse: boolean; scale: boolean; lighthouseRuns: number };
	build?: { astroBuildMs: number; precompressMs: number; clientFiles?: string };
	pages: Record<string, string>;
	pageWeight: PageWeight[];
	delivery: DeliveryCheck[];
	lighthouse: LighthouseFigure[];
	throughput: { bare: LoadFigure[]; targets: LoadFigure[] };
	/** Reads, writes and sign-ins at once on 50 connections, each measured apart, repeated (memory check). */
	mixedLoad?: MixedLoadRun[];
	/** Reads alone, then beside 8 clients signing in continuously, no writes. */
	readsBesideSignIns?: MixedLoadRun[];
	sizes: SizeFigures[];
	search?: { articles: number; insertMs: number; sequential: SequentialFigure[]; concurrent: LoadFigure[] };
	/** One platform's reviews at scale (paged list with filters, breakdown) and the market map. */
	reviews?: {
		reviews: number;
		platforms: number;
		insertMs: number;
		sequential: (SequentialFigure & { budget: boolean })[];
		concurrent: LoadFigure[];
	};
	/** Uploads of a 12-megapixel JPEG, and a library image served beside a kept API answer. */
	media?: MediaFigures;
	/** Handing one issue to every recipient through a local SMTP capture. */
	newsletter?: NewsletterFigure;
	/** PostgreSQL beside SQLite, and several nodes behind nginx. */
	postgres?: PostgresFigures;
	/** Request rate with the access log and metrics on, and off. */
	operations?: OperationsCostFigure[];
	/** The page-view beacon on one node (issue 46). */
	beacons?: LoadFigure;
	/** Themes recomputed at 100,000 reviews, and the platform page beside the recompute (issue 47). */
	themes?: ThemesFigures;
	/** What a request costs by who sends it (no cookie, any cookie, a session). */
	signedIn?: SignedInFigure[];
	/** Signed-in reads through nginx on 1, 2 and 3 nodes, each capped to a share of a core. */
	nodeScaling?: { quota: number; figures: ScalingFigure[]; judgedPath: string };
	/** The public API with a key beside the site's own API answer. */
	apiV1?: ApiV1Figures;
	errors: string[];
	rows?: Row[];
};

/** A run's results before any figure. */
export function emptyResults(machine: Results['machine'], options: Results['options']): Results {
	return {
		startedAt: new Date().toISOString(),
		machine,
		options,
		pages: {},
		pageWeight: [],
		delivery: [],
		lighthouse: [],
		throughput: { bare: [], targets: [] },
		sizes: [],
		errors: [],
	};
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const ms = (value: number | null | undefined) =>
	value === null || value === undefined || Number.isNaN(value)
		? '-'
		: value >= 10_000
			? `${(value / 1000).toFixed(1)} s`
			: value >= 100
				? `${Math.round(value)} ms`
				: `${value.toFixed(1)} ms`;
const flag = (ok: boolean): Status => (ok ? 'ok' : 'over');

function pageKind(path: string): string {
	return path.split('/')[1] || 'home';
}

export function buildRows(results: Results): Row[] {
	const rows: Row[] = [];

	for (const page of results.pageWeight) {
		const light = LIGHT_PAGES.includes(pageKind(page.path)) && !/^\/platforms/.test(page.path);
		const budget = light
			? `<= ${kb(BUDGETS.lightPageJsBytes)}, no React, none blocking`
			: `< ${kb(BUDGETS.islandPageJsBytes)}, none blocking`;
		if (page.error || page.status !== 200) {
			rows.push({
				area: 'JS per page',
				item: page.path,
				measured: page.error ? `error: ${page.error}` : `answers ${page.status}`,
				budget,
				status: page.error ? 'error' : 'missing',
			});
			continue;
		}
		const within = light
			? page.totalGzipBytes <= BUDGETS.lightPageJsBytes && !page.react
			: page.totalGzipBytes < BUDGETS.islandPageJsBytes;
		rows.push({
			area: 'JS per page',
			item: page.path,
			measured:
				`${kb(page.totalGzipBytes)} gz (${page.scripts.length} files ${kb(page.externalGzipBytes)}` +
				` + ${page.inlineScripts} inline ${kb(page.inlineGzipBytes)}), React ${page.react ? 'yes' : 'no'}, ` +
				`blocking: ${page.blocking.length ? page.blocking.join('; ') : 'none'}` +
				(page.finalPath ? `; ended on ${page.finalPath}` : '') +
				(page.signedIn ? '; signed in as the demo user' : '') +
				(page.consoleErrors.length ? `; console errors: ${page.consoleErrors.slice(0, 2).join(' / ')}` : ''),
			budget,
			status: flag(within && page.blocking.length === 0),
		});
	}

	for (const lh of results.lighthouse) {
		const within =
			(lh.performance ?? 0) >= BUDGETS.lighthousePerformance &&
			[lh.accessibility, lh.bestPractices, lh.seo].every((s) => (s ?? 0) >= BUDGETS.lighthouseOther);
		rows.push({
			area: 'Lighthouse mobile',
			item: lh.path,
			measured:
				lh.error && lh.runs === 0
					? `error: ${lh.error}`
					: `perf ${lh.performance} · a11y ${lh.accessibility} · bp ${lh.bestPractices} · seo ${lh.seo} · ` +
						`LCP ${ms(lh.lcpMs)} · TBT ${ms(lh.tbtMs)} · CLS ${lh.cls?.toFixed(3) ?? '-'}` +
						(lh.failedAudits.length ? ` (losing: ${lh.failedAudits.join(', ')})` : '') +
						(lh.runs > 1 ? ` [median of ${lh.runs}]` : ''),
			budget: 'perf >= 95; a11y, bp, seo = 100',
			status: lh.runs === 0 ? 'error' : flag(within),
		});
	}

	for (const check of results.delivery) {
		rows.push({
			area: 'Delivery',
			item: `${check.kind} ${check.path}`,
			measured:
				`${check.status} ${check.encoding ?? 'identity'} ${kb(check.bytes)}; ` +
				`cache "${check.cacheControl ?? 'none'}"; ` +
				`${check.etag ? (check.notModified ? 'ETag + 304' : 'ETag, no 304') : 'no ETag'}`,
			budget: `${check.expectCompressed ? 'br/gzip' : 'any'}, ${check.expectedCache === 'any' ? 'cache any' : check.expectedCache}`,
			status: check.ok ? 'ok' : 'over',
		});
	}

	const bare = results.throughput.bare;
	if (bare.length) {
		const rps = bare.map((b) => Math.round(b.requestsPerSecond));
		const cpu = bare.filter((b) => b.cpuUsPerRequest).map((b) => b.cpuUsPerRequest!);
		rows.push({
			area: 'Throughput c=32 10 s',
			item: `bare node:http, article bytes from memory (${bare.length} runs)`,
			measured:
				`${rps.join(' / ')} req/s · p99 ${bare.map((b) => b.latencyP99).join(' / ')} ms` +
				(cpu.length ? ` · CPU ${Math.round(cpu.reduce((a, b) => a + b, 0) / cpu.length)} µs/req` : ''),
			budget: 'yardstick',
			status: 'info',
		});
	}
	const bareCpu = bare.filter((b) => b.cpuUsPerRequest).map((b) => b.cpuUsPerRequest!);
	const bareCpuUs = bareCpu.length ? bareCpu.reduce((a, b) => a + b, 0) / bareCpu.length : 0;
	for (const figure of results.throughput.targets) {
		const isApi = figure.path.startsWith('/api/');
		const ratioBudget = isApi ? BUDGETS.apiRatio : BUDGETS.prerenderedRatio;
		const ratio = figure.ratio ?? 0;
		const failures = figure.errors + figure.timeouts + figure.non2xx;
		const within =
			!figure.error && ratio >= ratioBudget && figure.latencyP99 < BUDGETS.p99Ms && failures === 0;
		// The same ratio from server CPU time per request: steadier when the machine is shared.
		const byCpu =
			bareCpuUs && figure.cpuUsPerRequest
				? `, ${(bareCpuUs / figure.cpuUsPerRequest).toFixed(2)}x by CPU/req`
				: '';
		rows.push({
			area: 'Throughput c=32 10 s',
			item: `${figure.name} ${figure.path}`,
			measured: figure.error
				? `error: ${figure.error}`
				: `${Math.round(figure.requestsPerSecond)} req/s (${ratio.toFixed(2)}x bare${byCpu})` +
					` · p50 ${figure.latencyP50} ms · p99 ${figure.latencyP99} ms · ` +
					`${figure.errors + figure.timeouts} errors · ${figure.non2xx} non-2xx` +
					(figure.cpuUsPerRequest !== undefined
						? ` · server CPU ${Math.round(figure.cpuUsPerRequest)} µs/req`
						: '') +
					(figure.cpuPressure !== undefined
						? ` · machine CPU pressure ${Math.round(figure.cpuPressure * 100)}%`
						: ''),
			budget: `>= ${ratioBudget}x bare · p99 < ${BUDGETS.p99Ms} ms · 0 errors`,
			status: figure.error ? 'error' : flag(within),
		});
	}

	rows.push(...mixedLoadRows(results.mixedLoad ?? []));
	rows.push(...signedInRows(results));
	if (results.apiV1) rows.push(apiV1Row(results.apiV1));

	if (results.build) {
		rows.push({
			area: 'Build',
			item: 'astro build (once; no content page is built here)',
			measured: `${ms(results.build.astroBuildMs)} + precompress ${ms(results.build.precompressMs)}`,
			budget: '-',
			status: 'info',
		});
	}
	const perPage = (g?: GenerationFigures) => (g?.pages ? g.wallMs / g.pages : null);
	const sizes = results.sizes;
	const firstScaled = sizes.find((s) => s.articles >= 1000 && perPage(s.generation));
	for (const size of sizes) {
		const label = `${size.label} (${size.articles} articles)`;
		if (size.error && !size.generation) {
			rows.push({
				area: 'Generation',
				item: label,
				measured: `error: ${size.error}`,
				budget: '-',
				status: 'error',
			});
			continue;
		}
		const g = size.generation;
		if (g) {
			const per1000 = g.pages ? (g.wallMs / g.pages) * 1000 : NaN;
			const growth =
				firstScaled && size !== firstScaled && size.articles > firstScaled.articles
					? perPage(g)! / perPage(firstScaled.generation)!
					: null;
			const linearOk = growth === null || growth <= BUDGETS.linearGrowthFactor;
			// 15 s for each 1,000 pages, and never less than 15 s: a site of 55 pages is judged on
			// its total (start-up costs of a few seconds would make its per-1,000 rate meaningless).
			const allowanceMs = BUDGETS.generationMsPer1000Pages * Math.max(1, (g.pages ?? 0) / 1000);
			rows.push({
				area: 'Generation',
				item: `full, ${label}`,
				measured:
					`${g.pages ?? '?'} pages in ${ms(g.wallMs)} (${ms(per1000)} per 1,000 pages` +
					(growth !== null ? `, ${growth.toFixed(2)}x the per-page time at ${firstScaled!.articles}` : '') +
					`)${g.error ? `; ${g.error}` : ''}`,
				budget: `<= 15 s per 1,000 pages (here ${ms(allowanceMs)})${growth !== null ? `, growth <= ${BUDGETS.linearGrowthFactor}x per page` : ''}`,
				status: g.error ? 'error' : flag(g.wallMs <= allowanceMs && linearOk),
			});
			const peak = Math.max(g.peakRssBytes, g.vmHwmBytes ?? 0);
			rows.push({
				area: 'Generation',
				item: `peak server memory, ${label}`,
				measured: `${mb(peak)} (VmHWM ${g.vmHwmBytes ? mb(g.vmHwmBytes) : '-'}, sampled RSS ${mb(g.peakRssBytes)})`,
				budget: '< 2 GB',
				status: flag(peak < BUDGETS.peakMemoryBytes),
			});
		}
		const p = size.publish;
		if (p) {
			const limit =
				size.label === 'demo' ? BUDGETS.publishDemoMs : size.articles >= 10_000 ? BUDGETS.publish10kMs : null;
			rows.push({
				area: 'Publishing',
				item: label,
				measured: p.error
					? `error: ${p.error}`
					: `visible after ${ms(p.visibleMs)} (API ${ms(p.apiMs)}; page file regenerated after ${ms(p.generatedMs)})`,
				budget: limit ? `visible <= ${limit / 1000} s` : '-',
				status: p.error ? 'error' : limit ? flag((p.visibleMs ?? Infinity) <= limit) : 'info',
			});
		}
	}

	if (results.search) {
		for (const seq of results.search.sequential) {
			const conc = results.search.concurrent.find((c) => c.name === seq.name);
			rows.push({
				area: `Search, ${results.search.articles} articles`,
				item: `${seq.name} ${seq.path}`,
				measured:
					`sequential x${seq.requests}: p50 ${ms(seq.p50)} · p95 ${ms(seq.p95)} · ${seq.results ?? '?'} results` +
					(seq.failures ? ` · ${seq.failures} failed` : '') +
					(conc && !conc.error
						? `; c=32: ${Math.round(conc.requestsPerSecond)} req/s · p50 ${conc.latencyP50} ms · p99 ${conc.latencyP99} ms` +
							(conc.cpuUsPerRequest ? ` · server CPU ${Math.round(conc.cpuUsPerRequest)} µs/req` : '')
						: ''),
				budget: `p95 <= ${searchBudget(seq.path, BUDGETS.searchP95Ms)} ms`,
				status: flag(seq.p95 <= searchBudget(seq.path, BUDGETS.searchP95Ms) && seq.failures === 0),
			});
		}
	}

	if (results.reviews) {
		const r = results.reviews;
		for (const seq of r.sequential) {
			const conc = r.concurrent.find((c) => c.name === seq.name);
			rows.push({
				area: `Reviews, ${r.reviews.toLocaleString('en-US')} on one platform, ${r.platforms.toLocaleString('en-US')} platforms`,
				item: `${seq.name} ${seq.path}`,
				measured:
					`sequential x${seq.requests}: p50 ${ms(seq.p50)} · p95 ${ms(seq.p95)}` +
					(seq.failures ? ` · ${seq.failures} failed` : '') +
					(conc && !conc.error
						? `; c=32: ${Math.round(conc.requestsPerSecond)} req/s · p99 ${conc.latencyP99} ms` +
							(conc.cpuUsPerRequest ? ` · server CPU ${Math.round(conc.cpuUsPerRequest)} µs/req` : '')
						: ''),
				budget: seq.budget ? `p95 <= ${BUDGETS.reviewListP95Ms} ms` : '-',
				status: seq.budget ? flag(seq.p95 <= BUDGETS.reviewListP95Ms && seq.failures === 0) : 'info',
			});
		}
	}

	if (results.media) {
		const m = results.media;
		const times = m.uploads.map((upload) => upload.ms).sort((a, b) => a - b);
		const first = m.uploads[0]?.rssBytes ?? 0;
		const last = m.uploads.at(-1)?.rssBytes ?? 0;
		rows.push({
			area: 'Media library',
			item: `${m.uploads.length} uploads of a ${m.megapixels}-megapixel JPEG (${kb(m.jpegBytes)}), every variant`,
			measured:
				`median ${ms(times[Math.floor(times.length / 2)])} · slowest ${ms(times.at(-1))}; server RSS ${mb(m.startRssBytes)} at start, ` +
				`${mb(first)} after the first, ${mb(last)} after the last, peak ${mb(m.peakRssBytes)} (VmHWM ${m.vmHwmBytes ? mb(m.vmHwmBytes) : '-'})`,
			budget: 'RSS flat over the uploads',
			status: 'info',
		});
		if (m.image && m.keptApi) {
			const figure = (f: LoadFigure) =>
				`${Math.round(f.requestsPerSecond)} req/s · p99 ${f.latencyP99} ms` +
				(f.cpuUsPerRequest ? ` · server CPU ${Math.round(f.cpuUsPerRequest)} µs/req` : '');
			rows.push({
				area: 'Media library',
				item: 'a library image (/media/…) beside a kept API answer (/api/platforms), c=32',
				measured: `image ${figure(m.image)}; kept API answer ${figure(m.keptApi)}; ratio ${(m.image.requestsPerSecond / m.keptApi.requestsPerSecond).toFixed(2)}`,
				budget: 'the kept-answer speed',
				status: 'info',
			});
		}
		if (m.audioRange) {
			const f = m.audioRange;
			rows.push({
				area: 'Media library',
				item: `one-byte ranges of a ${mb(f.fileBytes)} episode (/media/….mp3, streamed), c=32`,
				measured:
					`${Math.round(f.requestsPerSecond)} req/s · p99 ${f.latencyP99} ms` +
					(f.cpuUsPerRequest ? ` · server CPU ${Math.round(f.cpuUsPerRequest)} µs/req` : '') +
					` · server RSS +${mb(f.rssGrowthBytes)} at its highest`,
				budget: 'RSS within 64 MB of its start',
				status: flag(f.rssGrowthBytes <= 64 * 1024 * 1024 && f.non2xx === 0 && f.errors === 0),
			});
		}
	}

	if (results.newsletter) {
		const n = results.newsletter;
		const call = (c: typeof n.subscribe) =>
			`${Math.round(c.perSecond)}/s · p50 ${ms(c.p50Ms)} · p95 ${ms(c.p95Ms)}${c.failures ? ` · ${c.failures} failed` : ''}`;
		rows.push({
			area: 'Newsletter',
			item: `${n.members.toLocaleString('en-US')} email-only members: subscribe, mailed link, confirm over HTTP (${n.signUpConcurrency} at a time)`,
			measured:
				`${Math.round(n.membersPerSecond)} members/s (${ms(n.signUpWallMs)}) · subscribe ${call(n.subscribe)} · ` +
				`confirm ${call(n.confirm)} · ${n.confirmedInDatabase} confirmed`,
			budget: 'every member confirmed',
			status:
				n.confirmedInDatabase === n.members && !n.subscribe.failures && !n.confirm.failures ? 'info' : 'over',
		});
		const s = n.send;
		rows.push({
			area: 'Newsletter',
			item: `one issue to ${n.members.toLocaleString('en-US')} members, local SMTP capture, concurrency ${s.concurrency}, no rate limit`,
			measured:
				`${ms(s.wallMs)} (${Math.round(s.mailsPerSecond)} mails/s, sender CPU ${s.cpuMsPerMail.toFixed(2)} ms/mail) · ${s.sent} sent, ${s.failed} failed, ${s.received} received · ` +
				`sender RSS ${mb(s.before.rssBeforeGcBytes)} at start, ` +
				s.marks.map((m) => `${mb(m.rssBeforeGcBytes)} at ${Math.round(m.fraction * 100)} %`).join(', ') +
				`, peak ${mb(s.peakRssBytes)} (+${mb(s.rssGrowthBytes)}) · heap retained after a full collection ` +
				`${mb(s.before.heapUsedBytes)} before, ` +
				s.marks.map((m) => `${mb(m.heapUsedBytes)} at ${Math.round(m.fraction * 100)} %`).join(', ') +
				`, peak heap ${mb(s.peakHeapBytes)}`,
			budget: `every mail handed over once; RSS peak within ${mb(BUDGETS.newsletterMemoryGrowthBytes)} of start (flat)`,
			status: s.sent === n.members && s.received === n.members && s.failed === 0 && s.flat ? 'ok' : 'over',
		});
	}

	if (results.postgres) rows.push(...postgresRows(results.postgres));

	for (const figure of results.operations ?? []) {
		const failed = figure.rounds.flatMap((round) => [round.on.error, round.off.error]).find(Boolean);
		rows.push({
			area: 'Logs and metrics',
			item: figure.name,
			measured: failed
				? `error: ${failed}`
				: `on ${Math.round(figure.on)} req/s, off ${Math.round(figure.off)} req/s (${figure.ratio.toFixed(2)}x, ${figure.rounds.length} rounds each)`,
			budget: 'on within 10% of off',
			status: failed ? 'error' : flag(figure.ratio >= 0.9),
		});
	}

	if (results.beacons) rows.push(...beaconRows(results.beacons, results.throughput.targets));
	if (results.themes) rows.push(...themeRows(results.themes));

	for (const error of results.errors) {
		rows.push({ area: 'Errors', item: '-', measured: error, budget: '-', status: 'error' });
	}
	return rows;
}

/** A Markdown table: readable in a terminal and quotable in the README as it is. */
export function formatTable(rows: Row[]): string {
	const header = ['area', 'item', 'measured', 'budget', 'status'];
	const cells = rows.map((r) =>
		[r.area, r.item, r.measured, r.budget, r.status].map((c) => c.replace(/\|/g, '\\|')),
	);
	const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
	const line = (values: string[]) => `| ${values.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
	return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}

/**
 * What a request costs by who sends it (the personal answer signed in against its budget), the
 * reads' latency beside 8 clients signing in, and signed-in reads on capped nodes.
 */
function signedInRows(results: Results): Row[] {
	const rows: Row[] = (results.signedIn ?? []).map((figure) => {
		const { personal } = figure;
		return {
			area: 'By who asks, wrk c=16',
			item: figure.name,
			measured: `${Math.round(figure.requestsPerSecond).toLocaleString('en')} req/s · server CPU ${Math.round(figure.cpuMicrosPerRequest)} µs/request`,
			budget: personal ? `<= ${BUDGETS.personalAnswerCpuMicros} µs CPU` : '-',
			status: personal ? flag(figure.cpuMicrosPerRequest <= BUDGETS.personalAnswerCpuMicros) : 'info',
		};
	});
	for (const [i, run] of (results.readsBesideSignIns ?? []).entries()) {
		const beside = run.signIns.totalRequests > 0;
		const { reads } = run;
		rows.push({
			area: 'Reads beside sign-ins, c=16 30 s',
			item: beside
				? `run ${i}: reads while 8 clients sign in (sign-ins ${run.signIns.requestsPerSecond.toFixed(1)}/s, p99 ${run.signIns.latencyP99} ms)`
				: 'reads alone',
			measured: `${Math.round(reads.requestsPerSecond)} req/s · p50 ${reads.latencyP50} ms · p99 ${reads.latencyP99} ms · ${reads.errors + reads.timeouts + reads.non2xx} errors`,
			budget: beside ? `p99 < ${BUDGETS.readsBesideSignInsP99Ms} ms; 0 errors` : '-',
			status: beside
				? flag(
						reads.latencyP99 < BUDGETS.readsBesideSignInsP99Ms &&
							reads.errors + reads.timeouts + reads.non2xx === 0,
					)
				: 'info',
		});
	}
	const scaling = results.nodeScaling;
	const seenOneNode = new Set<string>();
	for (const figure of scaling?.figures ?? []) {
		// Only the personal answer is the nodes' work at every count; a public one is a kept
		// answer on each node, so nginx limits it before the nodes do.
		const three = figure.nodes === 3 && figure.path === scaling!.judgedPath;
		const again = figure.nodes === 1 && seenOneNode.has(figure.path);
		if (figure.nodes === 1) seenOneNode.add(figure.path);
		rows.push({
			area: `Capped nodes (${scaling!.quota} core each), via nginx`,
			item: `GET ${figure.path} signed in, ${figure.nodes} node${figure.nodes > 1 ? 's' : ''}${again ? ', again last' : ''}`,
			measured: `${Math.round(figure.rps)} req/s · ${figure.ratio.toFixed(2)}× one node · nodes at their cap in ${Math.round(figure.throttledShare * 100)} % of periods`,
			budget: three ? `>= ${BUDGETS.cappedThreeNodesRatio}× one node` : '-',
			status: three ? flag(figure.ratio >= BUDGETS.cappedThreeNodesRatio) : 'info',
		});
	}
	return rows;
}

/**
 * Three rows per mixed-load round, one per group: the reads' p99 stands on its own line, beside
 * (not mixed with) the sign-ins' that cost a password hash each. Memory growth between the
 * first and last round is on the reads' row.
 */
function mixedLoadRows(runs: MixedLoadRun[], area = 'Mixed load c=50 30 s'): Row[] {
	const mb = (bytes: number | null) => (bytes === null ? '?' : `${Math.round(bytes / 1048576)} MB`);
	const first = runs[0]?.rssAfterBytes ?? null;
	const describe = (f: LoadFigures) => {
		const codes = Object.entries(f.statusCodes ?? {})
			.map(([code, stat]) => `${code}: ${stat.count}`)
			.join(', ');
		return `${Math.round(f.requestsPerSecond)} req/s · p50 ${f.latencyP50} ms · p99 ${f.latencyP99} ms · ${f.errors + f.timeouts} errors [${codes}]`;
	};
	return runs.flatMap((run, i): Row[] => {
		const round = `round ${i + 1}`;
		if (run.error)
			return [{ area, item: round, measured: `error: ${run.error}`, budget: '', status: 'error' }];
		const growth =
			i > 0 && first !== null && run.rssAfterBytes !== null
				? ` (${run.rssAfterBytes >= first ? '+' : ''}${Math.round((run.rssAfterBytes - first) / 1048576)} MB since round 1)`
				: '';
		const { reads, writes, signIns } = run;
		const readsOk =
			reads.errors + reads.timeouts + reads.non2xx === 0 && reads.latencyP99 <= BUDGETS.mixedReadsP99Ms;
		const writesOk = writes.errors + writes.timeouts + writes.non2xx === 0;
		// Wrong passwords answer 401 by design; anything else but 200 is a failure.
		const signInFailures =
			signIns.errors + signIns.timeouts + signIns.non2xx - (signIns.statusCodes?.['401']?.count ?? 0);
		return [
			{
				area,
				item: `${round}: reads (pages, API) while sign-ins run`,
				measured: `${describe(reads)} · server RSS after ${mb(run.rssAfterBytes)}${growth}`,
				budget: `p99 <= ${BUDGETS.mixedReadsP99Ms} ms; 0 errors; memory levels off across rounds`,
				status: readsOk ? 'ok' : 'over',
			},
			{
				area,
				item: `${round}: writes (votes, ratings)`,
				measured: describe(writes),
				budget: '0 errors',
				status: writesOk ? 'ok' : 'over',
			},
			{
				area,
				item: `${round}: sign-ins (1 right : 3 wrong passwords)`,
				measured: describe(signIns),
				budget: '0 errors (401 for the wrong ones)',
				status: signInFailures === 0 ? 'ok' : 'over',
			},
		];
	});
}

function postgresRows(figures: PostgresFigures): Row[] {
	const rows: Row[] = [];
	const rps = (figure: LoadFigure) =>
		`${Math.round(figure.requestsPerSecond)} req/s · p99 ${figure.latencyP99} ms`;
	for (const read of figures.reads) {
		rows.push({
			area: 'PostgreSQL',
			item: `${read.path}, demo content, API cache off`,
			measured: `PostgreSQL ${rps(read.postgres)}; SQLite ${rps(read.sqlite)} (${read.ratio.toFixed(2)}x)`,
			budget: '-',
			status: 'info',
		});
	}
	if (figures.mixedLoad) rows.push(...mixedLoadRows(figures.mixedLoad, 'PostgreSQL mixed load c=50 30 s'));
	if (figures.search) {
		for (const seq of figures.search.sequential) {
			rows.push({
				area: `PostgreSQL search, ${figures.search.articles} articles`,
				item: `${seq.name} ${seq.path}`,
				measured: `sequential x${seq.requests}: p50 ${ms(seq.p50)} · p95 ${ms(seq.p95)} · ${seq.results ?? '?'} results`,
				budget: `p95 <= ${searchBudget(seq.path, BUDGETS.postgresSearchP95Ms)} ms`,
				status: flag(seq.p95 <= searchBudget(seq.path, BUDGETS.postgresSearchP95Ms) && seq.failures === 0),
			});
		}
	}
	if (figures.publish) {
		const slowest = Math.max(...Object.values(figures.publish.visibleMs));
		rows.push({
			area: 'Several nodes',
			item: 'published on one of 3 nodes, until page and API show it on every node',
			measured:
				`${ms(slowest)} (API answered in ${ms(figures.publish.apiMs)}; ` +
				Object.entries(figures.publish.visibleMs)
					.map(([node, value]) => `${node} ${ms(value)}`)
					.join(', ') +
				')',
			budget: `<= ${BUDGETS.publishAcrossNodesMs / 1000} s`,
			status: flag(slowest <= BUDGETS.publishAcrossNodesMs),
		});
	}
	for (const run of figures.nginxUncached ?? []) {
		rows.push({
			area: 'Several nodes',
			item: `GET /api/platforms through nginx with a session cookie (never cached), ${run.nodes} node(s), c=32`,
			measured: `${rps(run.figure)} (${run.ratio.toFixed(2)}x one node)`,
			budget: '-',
			status: 'info',
		});
	}
	for (const run of figures.nginx) {
		rows.push({
			area: 'Several nodes',
			item: `GET /api/platforms through nginx, ${run.nodes} node(s), c=32`,
			measured: `${rps(run.figure)} (${run.ratio.toFixed(2)}x one node)`,
			budget: run.nodes === 3 ? `>= ${BUDGETS.threeNodesRatio}x one node` : '-',
			status: run.nodes === 3 ? flag(run.ratio >= BUDGETS.threeNodesRatio) : 'info',
		});
	}
	return rows;
}

/** GET /api/v1/platforms with a key beside the site's GET /api/platforms, on one server. */
export function apiV1Row({ site, keyed, ratio, cpuRatio }: ApiV1Figures): Row {
	const failed = [site, keyed].find((figure) => figure.error);
	const failures = [site, keyed].reduce((n, f) => n + f.errors + f.timeouts + f.non2xx, 0);
	const figure = (f: LoadFigure) =>
		`${Math.round(f.requestsPerSecond)} req/s, p99 ${f.latencyP99} ms` +
		(f.cpuUsPerRequest === undefined ? '' : `, CPU ${Math.round(f.cpuUsPerRequest)} µs/req`);
	return {
		area: 'Public API c=32 10 s',
		item: `${keyed.path} with a key vs ${site.path}`,
		measured: failed
			? `error: ${failed.error}`
			: `${figure(keyed)} vs ${figure(site)}: ${ratio.toFixed(2)}x by req/s` +
				(cpuRatio === null ? '' : `, ${cpuRatio.toFixed(2)}x by CPU/req`) +
				` · ${failures} errors or non-2xx`,
		budget: `>= ${BUDGETS.apiV1Ratio}x · 0 errors`,
		status: failed ? 'error' : flag(ratio >= BUDGETS.apiV1Ratio && failures === 0),
	};
}

/**
 * The beacon's rows: server CPU per beacon against its goal, beacons per second on one node, and
 * the article page's ratio to bare node:http (its pages carry the beacon's script).
 */
function beaconRows(beacon: LoadFigure, targets: LoadFigure[]): Row[] {
	const failures = beacon.errors + beacon.timeouts + beacon.non2xx;
	const article = targets.find((figure) => figure.name === 'article page (generated)');
	return [
		{
			area: 'Page-view beacon',
			item: 'server CPU per beacon',
			measured: beacon.error
				? `error: ${beacon.error}`
				: `${beacon.cpuUsPerRequest?.toFixed(1) ?? '-'} µs · ${failures} errors or non-2xx`,
			budget: `<= ${BEACON_CPU_GOAL_US} µs`,
			status: beacon.error
				? 'error'
				: flag(failures === 0 && (beacon.cpuUsPerRequest ?? Infinity) <= BEACON_CPU_GOAL_US),
		},
		{
			area: 'Page-view beacon',
			item: 'beacons per second, one node',
			measured: beacon.error
				? `error: ${beacon.error}`
				: `${Math.round(beacon.requestsPerSecond)} /s · p99 ${beacon.latencyP99} ms`,
			budget: '-',
			status: beacon.error ? 'error' : 'info',
		},
		{
			area: 'Page-view beacon',
			item: "article page's ratio to bare node:http (with the beacon script)",
			measured: article && !article.error ? `${(article.ratio ?? 0).toFixed(2)}x bare` : 'not measured',
			budget: `>= ${BUDGETS.prerenderedRatio}x (as before the beacon)`,
			status: article && !article.error ? flag((article.ratio ?? 0) >= BUDGETS.prerenderedRatio) : 'missing',
		},
	];
}

/**
 * The themes' rows: the recompute alone (wall, CPU, reviews per second, peak RSS), and the
 * platform page idle and during the server's own recompute, each as a ratio to bare node:http.
 */
function themeRows({ dataset, recompute, page }: ThemesFigures): Row[] {
	const area = `Themes at ${dataset.reviews.toLocaleString('en')} reviews`;
	const seconds = recompute.wallMs / 1000;
	const rows: Row[] = [
		{
			area,
			item: `recompute of ${recompute.platforms} platforms alone (largest ${dataset.largest.reviews} reviews), one process`,
			measured:
				`${ms(recompute.wallMs)} wall, ${ms(recompute.cpuMs)} CPU, ` +
				`${Math.round(recompute.reviews / seconds)} reviews/s, peak RSS ${mb(recompute.maxRssBytes)}`,
			budget: '-',
			status: 'info',
		},
	];
	if (!page) return rows;
	const line = (figure: LoadFigure) =>
		figure.error
			? `error: ${figure.error}`
			: `${Math.round(figure.requestsPerSecond)} req/s, ${(figure.ratio ?? 0).toFixed(2)}x bare, p99 ${figure.latencyP99} ms`;
	rows.push(
		{
			area,
			item: `platform page (generated), idle`,
			measured: line(page.idle),
			budget: `>= ${BUDGETS.prerenderedRatio}x bare`,
			status: page.idle.error ? 'error' : flag((page.idle.ratio ?? 0) >= BUDGETS.prerenderedRatio),
		},
		{
			area,
			item: `platform page (generated), while the server's worker recomputes every platform after ${page.serverRecompute.editedReviews} reviews were edited`,
			measured: `${line(page.busy)}; ${page.busyOverIdle.toFixed(2)}x idle; ${page.jobsLeftAfterBusy} of ${page.serverRecompute.platforms} platforms still queued at its end`,
			budget: `>= ${BUDGETS.prerenderedRatio}x bare`,
			status: page.busy.error ? 'error' : flag((page.busy.ratio ?? 0) >= BUDGETS.prerenderedRatio),
		},
		{
			area,
			item: "the server's own recompute, beside the page's load",
			measured: page.serverRecompute.error
				? `error: ${page.serverRecompute.error}`
				: `${ms(page.serverRecompute.wallMs)} wall, server CPU ${ms(page.serverRecompute.serverCpuMs)}; ${page.serverRecompute.mentions.written} mentions written, ${page.serverRecompute.mentions.after} current`,
			budget: '-',
			status: page.serverRecompute.error ? 'error' : 'info',
		},
	);
	return rows;
}
