/**
 * The Newsletter tab's subscribers: accounts and email-only members with their status, counts by
 * status, a search by address, a status filter, and the CSV export of what is shown.
 */
import { useState } from 'react';
import type { SubscriberList, SubscriberStatus } from '@/server/newsletter/subscribers';
import { formatDate } from '@/lib/format';
import { Input } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import { buttonClasses } from '@/components/ui/button-classes';
import type { Wire } from '@/lib/wire';
import { Badge, type BadgeTone } from './Badge';
import { LoadError } from './LoadError';
import { useApiData } from './use-api-data';

const STATUSES: SubscriberStatus[] = ['confirmed', 'pending', 'unsubscribed', 'suppressed'];
const TONES: Record<SubscriberStatus, BadgeTone> = {
	confirmed: 'success',
	pending: 'warning',
	unsubscribed: 'neutral',
	suppressed: 'danger',
};

export function SubscribersPanel() {
	const [search, setSearch] = useState('');
	const [status, setStatus] = useState<SubscriberStatus | ''>('');
	const query = new URLSearchParams();
	if (search.trim()) query.set('q', search.trim());
	if (status) query.set('status', status);
	const suffix = query.toString() ? `?${query}` : '';
	const list = useApiData<Wire<SubscriberList>>(`/api/admin/newsletters/subscribers${suffix}`);

	return (
		<section aria-labelledby="subscribers-heading" className="mt-8">
			<h3 id="subscribers-heading" className="mb-3 text-lg font-semibold text-ink">
				Subscribers
			</h3>
			<div className="mb-3 flex flex-wrap items-end gap-2">
				<div className="grid gap-1.5">
					<label htmlFor="subscribers-search" className="text-sm font-medium text-ink">
						Search by email
					</label>
					<Input
						id="subscribers-search"
						type="search"
						value={search}
						onChange={(e) => setSearch(e.target.value)}
						maxLength={254}
					/>
				</div>
				<div className="grid gap-1.5">
					<label htmlFor="subscribers-status" className="text-sm font-medium text-ink">
						Status
					</label>
					<select
						id="subscribers-status"
						value={status}
						onChange={(e) => setStatus(e.target.value as SubscriberStatus | '')}
						className="h-10 rounded-md border border-border bg-white px-3 text-sm"
					>
						<option value="">All</option>
						{STATUSES.map((name) => (
							<option key={name} value={name}>
								{name}
							</option>
						))}
					</select>
				</div>
				<a
					className={buttonClasses({ variant: 'outline' })}
					href={`/api/admin/newsletters/subscribers.csv${suffix}`}
					download
				>
					Export CSV
				</a>
			</div>
			{list.error && !list.data ? (
				<LoadError what="the subscribers" error={list.error} onRetry={list.reload} />
			) : !list.data ? (
				<Spinner label="Loading subscribers..." />
			) : (
				<>
					<p className="mb-2 text-sm text-ink" data-testid="subscriber-counts">
						{STATUSES.map(
							(name) => `${name[0]!.toUpperCase()}${name.slice(1)} ${list.data!.counts[name]}`,
						).join(' · ')}
					</p>
					{list.data.subscribers.length === 0 ? (
						<p className="rounded-lg border border-dashed border-border bg-surface p-4 text-center text-muted">
							No subscribers found.
						</p>
					) : (
						<ul className="grid gap-2" aria-label="Subscribers">
							{list.data.subscribers.map((row) => (
								<li
									key={`${row.kind}:${row.email}`}
									className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border bg-surface p-3"
								>
									<span className="min-w-0 font-medium break-all text-ink">{row.email}</span>
									<span className="flex items-center gap-2 text-sm text-muted">
										{row.kind === 'account' ? 'Account' : 'Email only'} · {formatDate(row.since)}
										<Badge tone={TONES[row.status]}>{row.status}</Badge>
									</span>
								</li>
							))}
						</ul>
					)}
					{list.data.total > list.data.subscribers.length && (
						<p className="mt-2 text-sm text-muted">
							Showing {list.data.subscribers.length} of {list.data.total}; search or export the CSV for the
							rest.
						</p>
					)}
				</>
			)}
		</section>
	);
}
