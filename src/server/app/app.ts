/**
 * The app's life in a running server, in one place: what starts when the server starts, what
 * stops when it stops, and whether it is ready to take traffic. Nothing starts at import:
 * `astro build` loads the same modules to prerender pages, and must neither send mail nor
 * listen for changes.
 *
 * - The production host (src/server/host/main.ts) imports this module from Astro's server build
 *   (the app-lifecycle integration emits it beside entry.mjs, sharing its chunks, so it is the
 *   same database, worker and relay the routes use), calls joinHost() before it listens,
 *   startApp() once it listens, stopApp() in its graceful stop, and appReady() for `GET /readyz`.
 * - `astro dev` runs the same startApp() through that integration once the dev server listens,
 *   and stopApp() when it closes.
 */
import { config } from '@/server/runtime/config';
import { closeDatabase, engine } from '@/server/db';
import type { Readiness, ReadinessCheck } from '@/server/db/readiness';
import { startContentRelay, stopContentRelay } from '@/server/changes/relay';
import { staleApiAnswers, storedPages } from '@/server/changes/served-copies';
import { startNewsletterWorker, stopNewsletterWorker } from '@/server/newsletter/worker';
import { startWebhookWorker, stopWebhookWorker } from '@/server/webhooks/worker';
import { startThemeWorker, stopThemeWorker } from '@/server/community/themes';
import { startAnalyticsFlush, stopAnalyticsFlush } from '@/server/analytics/pending-views';
import { HOUSEKEEPING_CHORES } from '@/server/app/chores';
import { startHousekeeping, stopHousekeeping } from '@/server/housekeeping/rounds';
import { startScheduledPublishing, stopScheduledPublishing } from '@/server/content/scheduled-publishing';
import { outsideRequest } from '@/server/runtime/request-context';
import { adoptSharedState, type SharedRuntime } from '@/server/runtime/shared-runtime';
import {
	requestFullGeneration,
	resumeSiteGeneration,
	stopSiteGeneration,
	wireSiteRegeneration,
} from '@/server/site';
import { adoptHostRenderer } from '@/server/site/page-renderer';
import { wireIndexNow } from '@/server/seo/indexnow';

export type { Readiness };
export { answerBeacon } from '@/server/app/beacon';
export { apiKeyOf, guardContentRead } from '@/server/integrations/api-v1';

/** The steps of stopApp(), in the order they run. */
export type AppStopStep =
	| 'newsletter'
	| 'webhooks'
	| 'themes'
	| 'scheduling'
	| 'relay'
	| 'site'
	| 'analytics'
	| 'housekeeping'
	| 'database';

let started: Promise<void> | undefined;

/**
 * The production host hands over what it shares with the app (runtime/shared-runtime.ts), once,
 * before it takes requests: from then on the app logs, counts and follows requests through the
 * host's state, renders pages through the host, and tells it of stale API answers and stored pages.
 */
export function joinHost(shared: SharedRuntime): void {
	adoptSharedState(shared);
	adoptHostRenderer(shared.renderPage);
	staleApiAnswers.subscribe(shared.dropApiAnswers);
	storedPages.subscribe(shared.pageStored);
}

/**
 * Starts the app's background work, once (later calls return the same start):
 *
 * 1. content and platform changes regenerate the pages and drop the API answers they made stale,
 *    and (with INDEXNOW_KEY) those made on this node are announced to search engines;
 * 2. the newsletter sender, the webhook sender and the themes worker (unless NEWSLETTER_WORKER=0); the
 *    webhook worker also fans the partner events the services record (the outbox) out into
 *    messages for the webhooks subscribed to them;
 * 3. with several nodes on PostgreSQL, the relay of changes between nodes (resolves once this
 *    node listens);
 * 4. housekeeping: expired rows deleted now and then, by one node at a time (housekeeping/);
 *    scheduled articles published at their time (content/scheduled-publishing.ts); and page
 *    views counted in memory written every ANALYTICS_FLUSH_MS (analytics/pending-views.ts);
 * 5. with SITE_GENERATE_ON_START (the default), one full generation of the public pages
 *    (a no-op where no page renderer exists, as under `astro dev`).
 */
export function startApp(): Promise<void> {
	started ??= outsideRequest(async () => {
		wireSiteRegeneration();
		wireIndexNow();
		resumeSiteGeneration();
		startNewsletterWorker();
		startWebhookWorker();
		startThemeWorker();
		await startContentRelay();
		startHousekeeping(HOUSEKEEPING_CHORES);
		startScheduledPublishing();
		startAnalyticsFlush();
		if (config().generateOnStart) requestFullGeneration();
	});
	return started;
}

/**
 * Stops what startApp() started, in this order: the newsletter sender stops claiming, hands back
 * the mails it has not started (claimable at once by any node) and waits for those being sent,
 * within `remainingMs()`; then scheduled publishing stops looking; then the relay closes; then page generation stops, the pages being
 * rendered written within the time left; then the page views counted in memory are written; then housekeeping, its round under way finished; the
 * database closes last. Each step runs even
 * when one before it failed; `stepDone` hears of each (with its error, if any). Rejects with the
 * first error once all steps ran when no `stepDone` is given.
 */
export async function stopApp(
	remainingMs: () => number = () => Infinity,
	stepDone?: (step: AppStopStep, error?: unknown) => void,
): Promise<void> {
	started = undefined;
	// The check holds the closing database's connection; a later start asks the next one.
	readiness = undefined;
	const steps: Array<[AppStopStep, () => Promise<void>]> = [
		['newsletter', () => stopNewsletterWorker(remainingMs())],
		['webhooks', () => stopWebhookWorker()],
		['themes', () => stopThemeWorker()],
		// Before the relay and the site, which carry what a publication changes.
		['scheduling', () => stopScheduledPublishing()],
		['relay', () => stopContentRelay()],
		// After the relay, which could still ask for pages; before the database, which renders need.
		['site', () => stopSiteGeneration(remainingMs())],
		// The page views still in memory are written: requests have finished, the database is open.
		['analytics', () => stopAnalyticsFlush()],
		['housekeeping', () => stopHousekeeping()],
		['database', () => closeDatabase()],
	];
	let firstError: unknown;
	for (const [step, run] of steps) {
		try {
			await run();
			stepDone?.(step);
		} catch (error) {
			firstError ??= error;
			if (!stepDone) continue;
			stepDone(step, error);
		}
	}
	if (firstError !== undefined && !stepDone) throw firstError;
}

let readiness: ReadinessCheck | undefined;

/**
 * Whether this node can take traffic: its database answers and has every migration this version
 * ships. Asks through the app's own database (on PostgreSQL, the pool the routes use).
 */
export function appReady(): Promise<Readiness> {
	readiness ??= engine().readiness();
	return readiness();
}
