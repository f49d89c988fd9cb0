/**
 * deploy/prometheus/: the scrape configuration and alert rules are valid for promtool, the
 * rules' own unit tests pass, and every metric the rules read is one the app serves.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { metrics } from '@/server/runtime/metrics';
// The app as the host loads it: the subjects register their own gauges (the newsletter queue,
// the pages waiting, the database pools) beside their state.
import '@/server/app/app';

function promtool(...args: string[]) {
	const run = spawnSync('promtool', args, { encoding: 'utf8' });
	expect(run.error, 'promtool is missing: apt-get install prometheus (see .ci/run)').toBeUndefined();
	return { status: run.status, output: run.stdout + run.stderr };
}

describe('deploy/prometheus', () => {
	it('holds a scrape configuration promtool accepts, with its rule file', () => {
		const checked = promtool('check', 'config', 'deploy/prometheus/prometheus.yml');
		expect(checked.output).toContain('SUCCESS: 1 rule files found');
		expect(checked.status, checked.output).toBe(0);
	});

	it('holds alert rules promtool accepts: node down, 5xx rate, p99 latency, page lag, newsletter queue', () => {
		const checked = promtool('check', 'rules', 'deploy/prometheus/alerts.yml');
		expect(checked.status, checked.output).toBe(0);
		const rules = readFileSync('deploy/prometheus/alerts.yml', 'utf8');
		const alerts = [...rules.matchAll(/- alert: (\w+)/g)].map((match) => match[1]);
		expect(alerts).toEqual([
			'NodeDown',
			'HighServerErrorRate',
			'SlowRequests',
			'PagesLagBehindChanges',
			'NewsletterQueueStuck',
		]);
	});

	it("passes the rules' unit tests", () => {
		const tested = promtool('test', 'rules', 'deploy/prometheus/alerts.test.yml');
		expect(tested.status, tested.output).toBe(0);
	});

	it('reads only metrics the app serves', () => {
		const rules = readFileSync('deploy/prometheus/alerts.yml', 'utf8');
		const exprs = [...rules.matchAll(/expr: ([\s\S]*?)\n\s+(?:for|labels):/g)].map((match) => match[1]!);
		const names = new Set(
			exprs.flatMap((expr) => [...expr.matchAll(/\b([a-z][a-z0-9_]*)\{/g)].map((match) => match[1]!)),
		);
		names.delete('up');
		expect(names.size).toBeGreaterThan(4);
		const { registry } = metrics();
		for (const name of names) {
			const served = name.replace(/_(bucket|count|sum)$/, '');
			expect(registry.getSingleMetric(served), name).toBeDefined();
		}
	});
});
