/**
 * The Node.js process's own metrics (CPU, memory, event loop, handles), as prom-client collects
 * them, less those `promtool check metrics` refuses.
 */
import client from 'prom-client';

export function collectProcessMetrics(registry: client.Registry): void {
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
}
