/** Overview: the counts, and the public site's generation status with a button that regenerates every page. */
import { formatDateTime } from '@/lib/format';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { SpinnerIcon } from '@/components/ui/Spinner';
import type { OverviewCounts } from './api-types';
import { Badge } from './Badge';
import { LoadError } from './LoadError';
import { PanelHeader } from './PanelHeader';
import { StatTile } from './StatTile';
import { useApiData } from './use-api-data';
import { useGenerationStatus } from './use-generation-status';

/**
 * The SPEC's four counts (its "Articles" and "Published" count news), named for what they count,
 * then the education articles and what waits for an editor.
 */
const COUNTS: { key: keyof OverviewCounts; label: string }[] = [
	{ key: 'platforms', label: 'Platforms' },
	{ key: 'articles', label: 'News articles' },
	{ key: 'published', label: 'Published news' },
	{ key: 'featured', label: 'Featured platforms' },
	{ key: 'education', label: 'Education articles' },
	{ key: 'pendingComments', label: 'Pending comments' },
	{ key: 'reportedReviews', label: 'Reported reviews' },
];

function GenerationCard() {
	const { status, error, busy, starting, regenerate, refresh } = useGenerationStatus();
	return (
		<Card>
			<CardHeader>
				<div className="flex flex-wrap items-start justify-between gap-3">
					<div className="grid gap-1.5">
						<CardTitle>Site generation</CardTitle>
						<CardDescription>Public pages are generated as static files after every change.</CardDescription>
					</div>
					<Button onClick={() => void regenerate()} loading={starting} disabled={busy}>
						Rebuild site
					</Button>
				</div>
			</CardHeader>
			<CardContent>
				{error && !status ? (
					<LoadError what="the generation status" error={error} onRetry={() => void refresh()} />
				) : (
					<dl
						className="grid gap-4 text-sm sm:grid-cols-3"
						aria-live="polite"
						data-testid="generation-status"
					>
						<div>
							<dt className="text-muted">Status</dt>
							<dd className="mt-1">
								{!status ? (
									'Loading...'
								) : busy ? (
									<span className="inline-flex items-center gap-2 font-medium text-brand-800">
										<SpinnerIcon /> Running
									</span>
								) : status.lastError ? (
									<Badge tone="danger">Failed</Badge>
								) : !status.lastSuccessAt ? (
									<Badge>Not generated yet</Badge>
								) : (
									<Badge tone="success">Up to date</Badge>
								)}
							</dd>
						</div>
						<div>
							<dt className="text-muted">Last success</dt>
							<dd className="mt-1 font-medium text-ink">
								{status?.lastSuccessAt ? formatDateTime(status.lastSuccessAt) : 'Never'}
								{status?.lastPageCount != null && status.lastSuccessAt && (
									<span className="block font-normal text-muted">
										{status.lastPageCount} pages
										{status.lastDurationMs != null && ` in ${(status.lastDurationMs / 1000).toFixed(1)} s`}
									</span>
								)}
							</dd>
						</div>
						<div>
							<dt className="text-muted">Last error</dt>
							<dd className="mt-1 wrap-anywhere text-ink">
								{status?.lastError ? (
									<>
										<span className="text-red-800">{status.lastError}</span>
										{status.lastErrorAt && (
											<span className="block text-muted">{formatDateTime(status.lastErrorAt)}</span>
										)}
									</>
								) : (
									'None'
								)}
							</dd>
						</div>
					</dl>
				)}
			</CardContent>
		</Card>
	);
}

export default function OverviewTab() {
	const counts = useApiData<OverviewCounts>('/api/admin/overview');
	return (
		<section aria-labelledby="overview-heading">
			<PanelHeader id="overview-heading" title="Overview" description="The site at a glance." />
			{counts.error && !counts.data ? (
				<LoadError what="the counts" error={counts.error} onRetry={counts.reload} />
			) : (
				<dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
					{COUNTS.map(({ key, label }) => (
						<StatTile key={key} label={label} value={counts.data?.[key]} testId={`count-${key}`} />
					))}
				</dl>
			)}
			<div className="mt-6">
				<GenerationCard />
			</div>
		</section>
	);
}
