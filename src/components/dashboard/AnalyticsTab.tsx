/**
 * Analytics (issue 46): visitors and page views over 1, 7, 30 or 90 days as a small SVG chart
 * with the same figures in a table for screen readers, then the top pages, referring sites and
 * the pages that bring sign-ups. Counted without cookies: see the README's Analytics section.
 */
import { useStore } from '@nanostores/react';
import { $analyticsPeriod } from '@/stores/analytics-period';
import { ANALYTICS_PERIODS } from '@/lib/validation/analytics';
import type { AnalyticsReport } from './api-types';
import { LoadError } from './LoadError';
import { PanelHeader } from './PanelHeader';
import { StatTile } from './StatTile';
import { useApiData } from './use-api-data';

const WIDTH = 600;
const HEIGHT = 120;

function Chart({ series }: { series: AnalyticsReport['series'] }) {
	const top = Math.max(1, ...series.map((day) => day.pageviews));
	const step = WIDTH / Math.max(1, series.length);
	return (
		<svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-32 w-full" aria-hidden="true" focusable="false">
			{series.map((day, index) => {
				const views = (day.pageviews / top) * HEIGHT;
				const visitors = (day.visitors / top) * HEIGHT;
				return (
					<g key={day.day}>
						<rect
							x={index * step + 1}
							y={HEIGHT - views}
							width={Math.max(1, step - 2)}
							height={views}
							className="fill-brand-200"
						/>
						<rect
							x={index * step + step / 4}
							y={HEIGHT - visitors}
							width={Math.max(1, step / 2 - 1)}
							height={visitors}
							className="fill-brand-700"
						/>
					</g>
				);
			})}
		</svg>
	);
}

function List<Row>({
	title,
	rows,
	columns,
}: {
	title: string;
	rows: Row[];
	columns: Array<[string, (row: Row) => string | number]>;
}) {
	return (
		<div className="min-w-0">
			<h3 className="mb-2 font-semibold text-ink">{title}</h3>
			{rows.length === 0 ? (
				<p className="text-sm text-muted">Nothing yet.</p>
			) : (
				<table className="w-full text-sm">
					<thead>
						<tr>
							{columns.map(([label], index) => (
								<th key={label} scope="col" className={index === 0 ? 'text-left' : 'text-right'}>
									{label}
								</th>
							))}
						</tr>
					</thead>
					<tbody>
						{rows.map((row, at) => (
							// biome-ignore lint/suspicious/noArrayIndexKey: the rows are a fixed ranking, never reordered
							<tr key={at}>
								{columns.map(([label, cell], index) => (
									<td key={label} className={index === 0 ? 'break-all py-1 pr-2' : 'py-1 text-right'}>
										{cell(row)}
									</td>
								))}
							</tr>
						))}
					</tbody>
				</table>
			)}
		</div>
	);
}

export default function AnalyticsTab() {
	const days = useStore($analyticsPeriod);
	const report = useApiData<AnalyticsReport>(`/api/admin/analytics?days=${days}`);
	const data = report.data;
	return (
		<section aria-labelledby="analytics-heading">
			<PanelHeader
				id="analytics-heading"
				title="Analytics"
				description="Page views and visitors, counted without cookies; a reader is one visitor per day."
			>
				<fieldset className="flex gap-1">
					<legend className="sr-only">Period</legend>
					{ANALYTICS_PERIODS.map((period) => (
						<button
							key={period}
							type="button"
							aria-pressed={days === period}
							onClick={() => $analyticsPeriod.set(period)}
							className={`rounded-md border px-3 py-1 text-sm ${days === period ? 'bg-brand-700 text-white' : 'bg-white text-ink'}`}
						>
							{period === 1 ? 'Today' : `${period} days`}
						</button>
					))}
				</fieldset>
			</PanelHeader>
			{report.error && !data ? (
				<LoadError what="the analytics" error={report.error} onRetry={report.reload} />
			) : (
				<>
					<dl className="grid grid-cols-2 gap-4">
						<StatTile label="Visitors" value={data?.visitors} testId="analytics-visitors" />
						<StatTile label="Page views" value={data?.pageviews} testId="analytics-pageviews" />
					</dl>
					{data && (
						<div className="mt-6 grid gap-6">
							<Chart series={data.series} />
							<table className="sr-only">
								<caption>Visitors and page views per day</caption>
								<thead>
									<tr>
										<th scope="col">Day</th>
										<th scope="col">Visitors</th>
										<th scope="col">Page views</th>
									</tr>
								</thead>
								<tbody>
									{data.series.map((day) => (
										<tr key={day.day}>
											<th scope="row">{day.day}</th>
											<td>{day.visitors}</td>
											<td>{day.pageviews}</td>
										</tr>
									))}
								</tbody>
							</table>
							<div className="grid gap-6 lg:grid-cols-3">
								<List
									title="Top pages"
									rows={data.pages}
									columns={[
										['Page', (r) => r.path],
										['Visitors', (r) => r.visitors],
										['Views', (r) => r.pageviews],
									]}
								/>
								<List
									title="Referring sites"
									rows={data.referrers}
									columns={[
										['Site', (r) => r.host],
										['Visitors', (r) => r.visitors],
									]}
								/>
								<List
									title="Pages that bring sign-ups"
									rows={data.signups}
									columns={[
										['Page', (r) => r.path],
										['Kind', (r) => r.kind],
										['Sign-ups', (r) => r.count],
									]}
								/>
							</div>
						</div>
					)}
				</>
			)}
		</section>
	);
}
