/**
 * The dashboard itself, once the session is known to be an editor's: the header and the
 * tabs, the active tab kept in the URL. Each tab's code loads when the tab is first
 * opened (React.lazy), and this file loads only for editors (see EditorDashboard.tsx).
 */
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import type { PublicUser } from '@/lib/validation/auth';
import { buttonClasses } from '@/components/ui/button-classes';
import { Spinner } from '@/components/ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { DASHBOARD_TABS, pushTabToUrl, tabFromUrl, type DashboardTab } from './dashboard-tabs';
import { mayLeave } from './unsaved-changes';

const OverviewTab = lazy(() => import('./OverviewTab'));
const PlatformsPanel = lazy(() => import('./PlatformsPanel'));
const ArticlesTab = lazy(() => import('./ArticlesTab'));
const PodcastTab = lazy(() => import('./PodcastTab'));
const PagesTab = lazy(() => import('./PagesTab'));
const MediaTab = lazy(() => import('./MediaTab'));
const CommentsTab = lazy(() => import('./CommentsTab'));
const ReviewsTab = lazy(() => import('./ReviewsTab'));
const UsersTab = lazy(() => import('./UsersTab'));
const NewsletterTab = lazy(() => import('./NewsletterTab'));
const AnalyticsTab = lazy(() => import('./AnalyticsTab'));
const IntegrationsTab = lazy(() => import('./IntegrationsTab'));

const PANELS: Record<DashboardTab, ComponentType> = {
	overview: OverviewTab,
	platforms: PlatformsPanel,
	news: () => <ArticlesTab kind="news" />,
	education: () => <ArticlesTab kind="education" />,
	podcast: PodcastTab,
	pages: PagesTab,
	media: MediaTab,
	comments: CommentsTab,
	reviews: ReviewsTab,
	users: UsersTab,
	newsletter: NewsletterTab,
	analytics: AnalyticsTab,
	integrations: IntegrationsTab,
};

export default function Dashboard({ user }: { user: PublicUser }) {
	const [tab, setTab] = useState<DashboardTab>(tabFromUrl);

	// Back and Forward move between the tabs recorded in the history.
	useEffect(() => {
		const onPopState = () => setTab(tabFromUrl());
		window.addEventListener('popstate', onPopState);
		return () => window.removeEventListener('popstate', onPopState);
	}, []);

	function choose(value: string) {
		// Another tab unmounts this one, and with it any unsaved page edit.
		if (!mayLeave()) return;
		const next = value as DashboardTab;
		setTab(next);
		pushTabToUrl(next);
	}

	return (
		<div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
			<div className="flex flex-wrap items-center justify-between gap-4">
				<div>
					<h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Editor Dashboard</h1>
					<p className="mt-1 text-muted" data-testid="dashboard-welcome">
						Welcome, {user.username}
					</p>
				</div>
				<a
					href="/"
					className={buttonClasses({ variant: 'outline' })}
					onClick={(event) => {
						if (!mayLeave()) event.preventDefault();
					}}
				>
					View Site
				</a>
			</div>
			<Tabs value={tab} onValueChange={choose} className="mt-6">
				{/* Nine tabs do not fit a phone's width: they wrap onto more rows rather than scroll
				    sideways, where half of them would be off-screen with nothing saying so. */}
				<div className="overflow-x-auto pb-1">
					<TabsList
						aria-label="Dashboard sections"
						className="max-sm:flex max-sm:h-auto max-sm:flex-wrap max-sm:justify-start"
					>
						{DASHBOARD_TABS.map(({ id, label }) => (
							<TabsTrigger key={id} value={id}>
								{label}
							</TabsTrigger>
						))}
					</TabsList>
				</div>
				{DASHBOARD_TABS.map(({ id, label }) => {
					const Panel = PANELS[id];
					return (
						<TabsContent key={id} value={id} className="mt-6 focus-visible:outline-offset-4">
							<Suspense fallback={<Spinner label={`Loading ${label.toLowerCase()}...`} />}>
								<Panel />
							</Suspense>
						</TabsContent>
					);
				})}
			</Tabs>
		</div>
	);
}
