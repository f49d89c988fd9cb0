/**
 * The /admin/platforms island: the platform panel behind route protection (a spinner,
 * /auth for visitors, Access Denied for other roles). See src/pages/admin/platforms.astro.
 */
import { lazy, Suspense } from 'react';
import { buttonClasses } from '@/components/ui/button-classes';
import { Protected } from '@/components/ui/Protected';
import { Spinner } from '@/components/ui/Spinner';

const PlatformsPanel = lazy(() => import('./PlatformsPanel'));

export default function AdminPlatforms() {
	return (
		<Protected role="editor">
			<div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
				<div className="mb-6 flex flex-wrap items-center justify-between gap-4">
					<h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Manage Platforms</h1>
					<a href="/editor-dashboard" className={buttonClasses({ variant: 'outline' })}>
						Editor Dashboard
					</a>
				</div>
				<Suspense fallback={<Spinner label="Loading platforms..." />}>
					<PlatformsPanel />
				</Suspense>
			</div>
		</Protected>
	);
}
