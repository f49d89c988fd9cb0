/**
 * The process's Prometheus metrics (prom-client), served by the host on METRICS_PORT only
 * (src/server/host/request-observer.ts). Each subject counts its own events here: the host its
 * requests and cached answers, the site generator its pages, the newsletter worker its mails,
 * sign-in its failures and refusals. A gauge read when Prometheus scrapes (the newsletter queue,
 * the database pools, the pages waiting) belongs to the subject that can read it, which registers
 * it beside its state with collectedGauge().
 *
 * Like the log, one set of metrics serves the process: the host and the app are two module
 * graphs, and the host hands its registry to the app at start, so both count into it.
 */
import client from 'prom-client';
import { collectProcessMetrics } from './process-metrics';

function createMetrics() {
	const registry = new client.Registry();
	collectProcessMetrics(registry);
	const registers = [registry];

	return {
		registry,
		httpDuration: new client.Histogram({
			name: 'http_request_duration_seconds',
			help: 'Time from a request arriving to its answer finishing, by method, route pattern and status class.',
			labelNames: ['method', 'route', 'status_class'] as const,
			buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
			registers,
		}),
		unloggedRequests: new client.Counter({
			name: 'http_requests_unlogged_total',
			help: 'Requests answered without an access-log line (the page-view beacon), by route and status.',
			labelNames: ['route', 'status'] as const,
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
	// Subjects registered their gauges as their modules loaded, before the host joined: they
	// move to the host's registry, the one /metrics reads.
	for (const [name, gauge] of collectedGauges) {
		hosts.registry.removeSingleMetric(name);
		hosts.registry.registerMetric(gauge);
	}
}

/** This copy's scrape-time gauges by name, so adoptMetrics can hand them to the host. */
const collectedGauges = new Map<string, client.Gauge<string>>();

/**
 * Registers a gauge its subject sets when Prometheus scrapes (`collect`), in place of one of the
 * same name: a module evaluated again (a test resetting its modules) must be read from its own
 * state, never from a copy nothing updates any more.
 */
export function collectedGauge<Label extends string = string>(
	configuration: client.GaugeConfiguration<Label>,
): client.Gauge<Label> {
	const { registry } = metrics();
	registry.removeSingleMetric(configuration.name);
	const gauge = new client.Gauge({ ...configuration, registers: [registry] });
	collectedGauges.set(configuration.name, gauge as client.Gauge<string>);
	return gauge;
}
