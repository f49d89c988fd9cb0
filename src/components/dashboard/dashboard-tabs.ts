/**
 * The dashboard's tabs and how the active one lives in the URL (?tab=news), so a
 * reload or a shared link opens the same tab. Overview is the default and keeps the URL clean.
 */
export const DASHBOARD_TABS = [
	{ id: 'overview', label: 'Overview' },
	{ id: 'platforms', label: 'Platforms' },
	{ id: 'news', label: 'News' },
	{ id: 'education', label: 'Education' },
	{ id: 'podcast', label: 'Podcast' },
	{ id: 'pages', label: 'Pages' },
	{ id: 'media', label: 'Media' },
	{ id: 'comments', label: 'Comments' },
	{ id: 'reviews', label: 'Reviews' },
	{ id: 'users', label: 'Users' },
	{ id: 'newsletter', label: 'Newsletter' },
	{ id: 'analytics', label: 'Analytics' },
	{ id: 'integrations', label: 'Integrations' },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]['id'];

const DEFAULT_TAB: DashboardTab = 'overview';

function isTab(value: string | null): value is DashboardTab {
	return DASHBOARD_TABS.some((tab) => tab.id === value);
}

/** The tab named in the current URL, or Overview. */
export function tabFromUrl(): DashboardTab {
	const value = new URLSearchParams(window.location.search).get('tab');
	return isTab(value) ? value : DEFAULT_TAB;
}

/** Records a tab choice as a history entry, so Back returns to the previous tab. */
export function pushTabToUrl(tab: DashboardTab): void {
	const url = new URL(window.location.href);
	url.search = ''; // a tab's own state (?page=, ?status=) does not carry over to the next
	if (tab === DEFAULT_TAB) url.searchParams.delete('tab');
	else url.searchParams.set('tab', tab);
	if (url.href !== window.location.href) window.history.pushState(null, '', url);
}
