/**
 * The bench's public API row: GET /api/v1/platforms with a key beside the site's GET
 * /api/platforms, with both figures and the ratio, judged against its budget (issue 45).
 */
import { describe, expect, it } from 'vitest';
import { compareApiFigures, KEYED_API_PATH, SITE_API_PATH } from '../../scripts/bench/api-v1';
import { BUDGETS } from '../../scripts/bench/budgets';
import type { LoadFigure } from '../../scripts/bench/load';
import { apiV1Row, buildRows, emptyResults } from '../../scripts/bench/report';

const figure = (path: string, requestsPerSecond: number, cpuUsPerRequest?: number): LoadFigure => ({
	name: `GET ${path}`,
	path,
	requestsPerSecond,
	totalRequests: requestsPerSecond * 10,
	latencyP50: 2,
	latencyP90: 3,
	latencyP99: 7,
	latencyMax: 9,
	errors: 0,
	timeouts: 0,
	non2xx: 0,
	...(cpuUsPerRequest === undefined ? {} : { cpuUsPerRequest }),
});

const figures = (site: LoadFigure, keyed: LoadFigure) => ({
	site,
	keyed,
	...compareApiFigures(site, keyed),
});

describe('the public API row of the bench', () => {
	it('prints both figures and the ratio, within budget when the keyed answer costs about the same', () => {
		const row = apiV1Row(figures(figure(SITE_API_PATH, 4000, 200), figure(KEYED_API_PATH, 3600, 250)));
		expect(row.item).toBe('/api/v1/platforms with a key vs /api/platforms');
		expect(row.measured).toBe(
			'3600 req/s, p99 7 ms, CPU 250 µs/req vs 4000 req/s, p99 7 ms, CPU 200 µs/req: ' +
				'0.90x by req/s, 0.80x by CPU/req · 0 errors or non-2xx',
		);
		expect(row.budget).toBe(`>= ${BUDGETS.apiV1Ratio}x · 0 errors`);
		expect(row.status).toBe('ok');
	});

	it('is over when the keyed answer is much slower, or any request failed', () => {
		expect(apiV1Row(figures(figure(SITE_API_PATH, 4000), figure(KEYED_API_PATH, 1000))).status).toBe('over');
		const refused = { ...figure(KEYED_API_PATH, 4000), non2xx: 12 };
		expect(apiV1Row(figures(figure(SITE_API_PATH, 4000), refused)).status).toBe('over');
	});

	it('shows a run that could not measure as an error', () => {
		const broken = {
			...figure(KEYED_API_PATH, 0),
			error: 'connect ECONNREFUSED',
		};
		const row = apiV1Row(figures(figure(SITE_API_PATH, 4000), broken));
		expect(row).toMatchObject({
			status: 'error',
			measured: 'error: connect ECONNREFUSED',
		});
	});

	it('is in the table when the run measured it', () => {
		const results = emptyResults(
			{ cpus: 2, pinned: false, node: 'v24', loadAverage: [] },
			{ quick: true, lighthouse: false, scale: false, lighthouseRuns: 1 },
		);
		expect(buildRows(results).some((row) => row.area.startsWith('Public API'))).toBe(false);
		const measured = figures(figure(SITE_API_PATH, 4000), figure(KEYED_API_PATH, 3900));
		expect(buildRows({ ...results, apiV1: measured })).toContainEqual(apiV1Row(measured));
	});
});
