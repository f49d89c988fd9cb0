import { useEffect, type ReactNode } from 'react';
import { redirectTo } from '@/lib/navigation';
import { recheckSession } from '@/stores/session';
import { authHref } from '@/lib/return-path';
import { AccessDenied } from './AccessDenied';
import { Spinner } from './Spinner';
import { useCurrentUser } from './use-current-user';

export type ProtectedProps = {
	/**
	 * Required role, compared by equality (role="user" turns an editor away too); omit to only
	 * require a signed-in user.
	 */
	role?: 'editor' | 'user';
	/** Spinner text while the user loads. */
	loadingLabel?: string;
	children: ReactNode;
};

/**
 * Route protection for islands: a spinner while the user loads, /auth when signed out,
 * Access Denied on a role mismatch, else the children. The server still checks every call.
 */
export function Protected({ role, loadingLabel, children }: ProtectedProps) {
	const user = useCurrentUser();

	// A session can end while the page sits in a background tab (signed out in another tab,
	// expired): check again when the page is shown or focused, so the guard below can act
	// before the visitor fills in a form that would only be refused.
	useEffect(() => {
		const recheck = () => {
			if (document.visibilityState === 'visible') void recheckSession();
		};
		window.addEventListener('focus', recheck);
		document.addEventListener('visibilitychange', recheck);
		return () => {
			window.removeEventListener('focus', recheck);
			document.removeEventListener('visibilitychange', recheck);
		};
	}, []);

	useEffect(() => {
		// Back here after signing in.
		if (user === null) redirectTo(authHref({ returnTo: window.location.pathname + window.location.search }));
	}, [user]);

	if (!user) return <Spinner label={loadingLabel} />;
	if (role && user.role !== role) return <AccessDenied />;
	return <>{children}</>;
}
