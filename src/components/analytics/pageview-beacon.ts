/**
 * The reader pages' one analytics script: after load it sends the page view (path and
 * referrer) with navigator.sendBeacon, which sets no cookie and reads none; the page itself stays
 * as cached. It also remembers the page for sign-up attribution (src/lib/attribution.ts).
 */
import { rememberPageview } from '@/lib/attribution';

function send(): void {
	const path = location.pathname;
	const referrer = document.referrer;
	navigator.sendBeacon?.('/api/events', JSON.stringify({ name: 'pageview', path, referrer }));
	rememberPageview(path, referrer);
}

if (document.readyState === 'complete') send();
else addEventListener('load', send, { once: true });
