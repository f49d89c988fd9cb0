/**
 * The /editor-dashboard island: a spinner with 'Loading dashboard...' while the
 * session loads, home for anyone who is not an editor, else the dashboard. Only this small
 * gate ships with the page; the dashboard (its tab bar and each tab's code) loads for editors.
 */
import { lazy, Suspense, useEffect } from 'react';
import { redirectTo } from '@/lib/navigation';
import { Spinner } from '@/components/ui/Spinner';
import { useCurrentUser } from '@/components/ui/use-current-user';

const Dashboard = lazy(() => import('./Dashboard'));

function LoadingDashboard() {
	return (
		<div className="flex min-h-[60vh] items-center justify-center">
			<Spinner label="Loading dashboard..." />
		</div>
	);
}

export default function EditorDashboard() {
	const user = useCurrentUser();

	// Unlike other protected pages, the dashboard sends visitors and non-editors home (not to
	// /auth or Access Denied).
	const allowed = user?.role === 'editor';
	useEffect(() => {
		if (user !== undefined && !allowed) redirectTo('/');
	}, [user, allowed]);

	if (!user || !allowed) return <LoadingDashboard />;
	return (
		<Suspense fallback={<LoadingDashboard />}>
			<Dashboard user={user} />
		</Suspense>
	);
}
