/**
 * Full-page redirects that can compete: signing out on /profile must go home, while the page's
 * <Protected> guard reacts to the same store change by sending signed-out visitors to /auth.
 * The flow that claims navigation first wins; guards call redirectTo and stand aside.
 */
let claimed = false;

/** Claims navigation for a flow that will redirect itself; call the returned function to give it back. */
export function claimNavigation(): () => void {
	claimed = true;
	return () => {
		claimed = false;
	};
}

/** A guard's redirect (history entry replaced); skipped while another flow owns navigation. */
export function redirectTo(url: string): void {
	if (!claimed) window.location.replace(url);
}
