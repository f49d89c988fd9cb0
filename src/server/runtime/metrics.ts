/**
 * The process's Prometheus metrics (prom-client), served by the host on METRICS_PORT only
 * (src/server/host/request-observer.ts). Each subject counts its own events here: the host its
 * requests and cached answers, the site generator its pages, the newsletter worker its mails,
 * sign-in its failures and refusals. Gauges that describe shared state (the newsletter queue,
 * the database pools) are read when Prometheus scrapes, from sources the app registers.
 *
 * Like the log, one set of metrics serves the process: the host and the app are two module
 * graphs, and the host hands its registry to the app at start, so both count into it.
 */
import client from 'prom-client';

type Pool = { totalCount: number; idleCount: number; waitingCount: number };

function createMetrics() {
	const registry = new client.Registry();
	client.collectDefaultMetrics({ register: registry });
	// Gauges named like counters, which `promtool check metrics` refuses; the same numbers remain
	// by type in nodejs_active_handles, nodejs_active_requests and nodejs_active_resources.
	for (const name of [
		'nodejs_active_handles_total',
		'nodejs_active_requests_total',
		'nodejs_active_resources_total',
	]) {
		registry.removeSingleMetric(name);
	}
	const sources: {
		queueDepth?: () => Promise<number>;
		pools: Set<Pool>;
		oldestPendingChange?: () => number | undefined;
	} = { pools: new Set() };
	const registers = [registry];

	return {
		registry,
		sources,
		httpDuration: new client.Histogram({
			name: 'http_request_duration_seconds',
			help: 'Time from a request arriving to its answer finishing, by method, route pattern and status class.',
			labelNames: ['method', 'route', 'status_class'] as const,
			buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
			registers,
		}),
		apiCacheHits: new client.Counter({
			name: 'api_cache_hits_total',
			help: 'Shared API answers served from memory.',
			registers,
		}),
		apiCacheMisses: new client.Counter({
			name: 'api_cache_misses_total',
			help: 'Cacheable API reads that found no fresh answer in memory and went to the app.',
			registers,
		}),
		pagesGenerated: new client.Counter({
			name: 'site_pages_generated_total',
			help: 'Public pages rendered and written (or removed) by the site generator.',
			registers,
		}),
		pageFailures: new client.Counter({
			name: 'site_page_failures_total',
			help: 'Pages the site generator could not render (their previous version stays).',
			registers,
		}),
		lastGenerationSeconds: new client.Gauge({
			name: 'site_last_generation_duration_seconds',
			help: 'Duration of the last finished generation, by scope (full or partial).',
			labelNames: ['scope'] as const,
			registers,
		}),
		changeToPages: new client.Histogram({
			name: 'site_change_to_pages_seconds',
			help: 'Lag from a content change reaching this node to its pages being written.',
			buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120],
			registers,
		}),
		oldestPendingChange: new client.Gauge({
			name: 'site_oldest_pending_change_seconds',
			help: 'Age of the oldest content change whose pages are not written yet (0: none).',
			registers,
			collect() {
				this.set(sources.oldestPendingChange?.() ?? 0);
			},
		}),
		newsletterQueueDepth: new client.Gauge({
			name: 'newsletter_queue_depth',
			help: 'Newsletter mails queued or being sent (the whole queue, shared by every node).',
			registers,
			async collect() {
				if (sources.queueDepth) this.set(await sources.queueDepth());
			},
		}),
		newsletterSent: new client.Counter({
			name: 'newsletter_mails_sent_total',
			help: 'Newsletter mails this process handed to the mail server.',
			registers,
		}),
		newsletterFailed: new client.Counter({
			name: 'newsletter_mails_failed_total',
			help: 'Newsletter mails this process gave up on (refused, or out of tries).',
			registers,
		}),
		signInFailures: new client.Counter({
			name: 'auth_sign_in_failures_total',
			help: 'Sign-ins refused for a wrong e-mail address or password.',
			registers,
		}),
		rateLimitRefusals: new client.Counter({
			name: 'rate_limit_refusals_total',
			help: 'Requests refused (429) by a rate limit, by limit.',
			labelNames: ['limit'] as const,
			registers,
		}),
		databasePool: new client.Gauge({
			name: 'database_pool_connections',
			help: "PostgreSQL connections of this process's pools by state (total, idle; waiting: queries queued for one).",
			labelNames: ['state'] as const,
			registers,
			collect() {
				if (sources.pools.size === 0) return;
				const pools = [...sources.pools];
				const sum = (read: (pool: Pool) => number) => pools.reduce((total, pool) => total + read(pool), 0);
				this.set(
					{ state: 'total' },
					sum((pool) => pool.totalCount),
				);
				this.set(
					{ state: 'idle' },
					sum((pool) => pool.idleCount),
				);
				this.set(
					{ state: 'waiting' },
					sum((pool) => pool.waitingCount),
				);
			},
		}),
	};
}

export type Metrics = ReturnType<typeof createMetrics>;

let shared: Metrics | undefined;

export function metrics(): Metrics {
	// biome-ignore lint/suspicious/noAssignInExpressions: one registry per copy of this module, made on first use
	return (shared ??= createMetrics());
}

/**
 * Counts into the host's registry from now on: the app's copy of this module, when the host
 * hands it over at start (SharedRuntime, runtime/shared-runtime.ts).
 */
export function adoptMetrics(hosts: Metrics): void {
	shared = hosts;
}

/** Counts a PostgreSQL pool in database_pool_connections (until it is closed). */
export function watchPool(pool: Pool): void {
	metrics().sources.pools.add(pool);
}

export function unwatchPool(pool: Pool): void {
	metrics().sources.pools.delete(pool);
}
