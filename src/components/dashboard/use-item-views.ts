/**
 * Views of the dashboard's articles and platforms over the period chosen in the Analytics tab:
 * one request for the whole list (GET /api/admin/analytics/views), looked up by each item's path.
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { $analyticsPeriod } from '@/stores/analytics-period';
import type { ItemViews } from './api-types';
import { useApiData } from './use-api-data';

/** "12 views in 7 days": the words beside an item. */
export function viewsText(views: number, days: number): string {
	const count = `${views.toLocaleString('en-US')} ${views === 1 ? 'view' : 'views'}`;
	return days === 1 ? `${count} today` : `${count} in ${days} days`;
}

/** The views text of a path (0 when none counted), or undefined while the figures load. */
export function useItemViews(): (path: string) => string | undefined {
	const days = useStore($analyticsPeriod);
	const { data } = useApiData<ItemViews>(`/api/admin/analytics/views?days=${days}`);
	return useMemo(() => {
		if (!data) return () => undefined;
		const views = new Map(data.pages.map((page) => [page.path, page.pageviews]));
		return (path: string) => viewsText(views.get(path) ?? 0, data.days);
	}, [data]);
}
