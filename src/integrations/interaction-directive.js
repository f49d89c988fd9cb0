/**
 * `client:interaction`: an island's code loads when the reader first acts on it (the pointer
 * over it or pressed on it, a touch, focus, a key, a changed field) or when it is scrolled into
 * view; an island already in view when the page opens at its top waits for the reader to act,
 * so a page that is only read loads no React at all. The server HTML shows the state the
 * address carries (filters, the compare selection), so a query never makes an island hydrate;
 * only state the server cannot know does: `{ session: 'key' }` hydrates at once when this tab's
 * sessionStorage holds a non-empty value under the key (the compare selection), and
 * `{ signedIn: true }` when the session's hint cookie says a reader is signed in (whether they
 * follow the platform), and `{ fragment: 'prefix-' }` when the address's fragment names an id
 * with that prefix that the server HTML lacks (a feed's link to a review the island must read
 * further pages to show).
 *
 * Nothing the reader does before hydration is lost: a click on a button inside the island is held
 * and given again once React listens (React takes the island over as soon as hydration starts and
 * replays what reaches it then); text typed and options chosen stay in the fields, which the
 * islands read when they start.
 */
export default (load, options, el) => {
	let started = false;
	/** Buttons clicked before hydration started, to click again after. */
	const held = [];
	const kinds = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'input', 'change'];
	const hold = (event) => {
		const button = event.target instanceof Element ? event.target.closest('button') : null;
		if (!button || !el.contains(button)) return;
		event.preventDefault();
		event.stopPropagation();
		if (!held.includes(button)) held.push(button);
		start();
	};
	let observer;
	const start = async () => {
		if (started) return;
		started = true;
		for (const kind of kinds) el.removeEventListener(kind, start, true);
		observer?.disconnect();
		const hydrate = await load();
		el.removeEventListener('click', hold, true);
		await hydrate();
		for (const button of held.splice(0)) if (button.isConnected) button.click();
	};
	// Held from the start, also for an island that hydrates at once: its code may still be
	// loading when the reader clicks, and a click on the server's button would do nothing.
	el.addEventListener('click', hold, true);
	const wants = typeof options.value === 'object' && options.value ? options.value : {};
	if (wants.session) {
		let stored = null;
		try {
			stored = sessionStorage.getItem(wants.session);
		} catch {
			// storage blocked: nothing kept in this tab
		}
		if (stored && stored !== '[]') return void start();
	}
	if (wants.signedIn && document.cookie.split(';').some((part) => part.trim().startsWith('signed_in='))) {
		return void start();
	}
	if (wants.fragment) {
		const id = decodeURIComponent(window.location.hash.slice(1));
		if (id.startsWith(wants.fragment) && !document.getElementById(id)) return void start();
	}
	for (const kind of kinds) el.addEventListener(kind, start, { capture: true, passive: true });
	// In view where a visit opens (its top, an anchor; settled by the load event): wait for an
	// action, since the server HTML already shows what the address asks. Scrolled into view
	// later: load then. A page brought back where the reader was (a reload or back/forward to a
	// position down the page) loads the islands in view at once: the reader was using them.
	const navigation = performance.getEntriesByType('navigation')[0];
	const returning = navigation?.type === 'reload' || navigation?.type === 'back_forward';
	const watch = () => {
		if (started) return;
		let first = true;
		observer = new IntersectionObserver((entries) => {
			const inView = entries.some((entry) => entry.isIntersecting);
			if (inView && (!first || (returning && window.scrollY > 0))) start();
			first = false;
		});
		for (const child of el.children) observer.observe(child);
	};
	if (document.readyState === 'complete') watch();
	else window.addEventListener('load', watch, { once: true });
};
