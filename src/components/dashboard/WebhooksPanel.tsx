/**
 * Webhooks, in the Integrations tab below the API keys: subscribe a URL to events (the signing secret shows once, right after), see
 * each webhook's state and last try, list its tries, delete it after a confirmation.
 */
import { useState } from 'react';
import { apiRequest, failureText } from '@/lib/api-client';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@/lib/column-values';
import { formatDateTime } from '@/lib/format';
import type { Wire } from '@/lib/wire';
import type { CreatedWebhook, WebhookSummary, WebhookTry } from '@/server/webhooks/webhooks';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import { ConfirmDialog } from './ConfirmDialog';
import { Field, controlProps } from './Field';
import { LoadError } from './LoadError';
import { PanelHeader } from './PanelHeader';
import { useApiData } from './use-api-data';

const PATH = '/api/admin/webhooks';

function lastTryText(last: Wire<WebhookSummary>['lastDelivery']): string {
	if (!last) return 'No deliveries yet';
	const answer = last.statusCode === null ? (last.error ?? 'no answer') : `HTTP ${last.statusCode}`;
	return `${answer} · ${formatDateTime(new Date(last.at))}`;
}

function Tries({ id }: { id: number }) {
	const tries = useApiData<Wire<WebhookTry>[]>(`${PATH}/${id}/deliveries`);
	if (tries.error && !tries.data)
		return <LoadError what="the deliveries" error={tries.error} onRetry={tries.reload} />;
	if (!tries.data) return <Spinner label="Loading deliveries..." />;
	if (tries.data.length === 0) return <p className="text-sm text-muted">No deliveries yet.</p>;
	return (
		<ul className="mt-2 grid gap-1 text-sm" aria-label="Deliveries">
			{tries.data.map((row) => (
				<li key={`${row.deliveryId}-${row.attempt}`} className="flex flex-wrap gap-x-3 text-ink">
					<span className="font-medium">{row.type}</span>
					<span>try {row.attempt}</span>
					<span>{row.statusCode === null ? (row.error ?? 'no answer') : `HTTP ${row.statusCode}`}</span>
					<span className="text-muted">{row.deliveryStatus}</span>
					<span className="text-muted">{formatDateTime(new Date(row.at))}</span>
				</li>
			))}
		</ul>
	);
}

export default function WebhooksPanel() {
	const list = useApiData<Wire<WebhookSummary>[]>(PATH);
	const [url, setUrl] = useState('');
	const [events, setEvents] = useState<WebhookEventType[]>(['article.published']);
	const [error, setError] = useState<string>();
	const [busy, setBusy] = useState(false);
	const [created, setCreated] = useState<CreatedWebhook>();
	const [deleting, setDeleting] = useState<Wire<WebhookSummary>>();
	const [open, setOpen] = useState<number>();

	async function create(event: React.FormEvent) {
		event.preventDefault();
		setBusy(true);
		try {
			setCreated(await apiRequest<CreatedWebhook>('POST', PATH, { url, events }));
			setError(undefined);
			setUrl('');
			list.reload();
		} catch (failure) {
			setError(failureText(failure, 'The webhook could not be created.'));
		} finally {
			setBusy(false);
		}
	}

	async function remove(): Promise<boolean> {
		if (!deleting) return true;
		try {
			await apiRequest('DELETE', `${PATH}/${deleting.id}`);
			toast({ title: 'Webhook deleted', description: deleting.url });
			list.reload();
			return true;
		} catch (failure) {
			toast({
				title: 'Failed to delete the webhook',
				description: failureText(failure, 'Please try again.'),
				variant: 'destructive',
			});
			return false;
		}
	}

	function toggle(type: WebhookEventType, on: boolean) {
		setEvents((current) => (on ? [...current, type] : current.filter((item) => item !== type)));
	}

	return (
		<section aria-labelledby="webhooks-heading">
			<PanelHeader
				id="webhooks-heading"
				title="Webhooks"
				description="Partners' URLs that hear of new articles, reviews, episodes and issues, signed per Standard Webhooks."
			/>
			<form onSubmit={create} className="mb-6 grid gap-3 rounded-lg border border-border bg-surface p-4">
				<Field id="webhook-url" label="URL" required error={error}>
					<Input
						{...controlProps('webhook-url', error)}
						type="url"
						value={url}
						onChange={(event) => setUrl(event.target.value)}
						placeholder="https://partner.example/hooks/rmh"
					/>
				</Field>
				<fieldset>
					<legend className="text-sm font-medium text-ink">Events</legend>
					<div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
						{WEBHOOK_EVENT_TYPES.map((type) => (
							<label key={type} className="flex items-center gap-1.5 text-sm text-ink">
								<input
									type="checkbox"
									checked={events.includes(type)}
									onChange={(event) => toggle(type, event.target.checked)}
								/>
								{type}
							</label>
						))}
					</div>
				</fieldset>
				<div>
					<Button type="submit" loading={busy} disabled={events.length === 0}>
						Add webhook
					</Button>
				</div>
			</form>
			{created && (
				<div
					role="status"
					className="mb-6 rounded-lg border border-border bg-canvas p-4 text-sm text-ink"
					data-testid="webhook-secret"
				>
					<p className="font-medium">Signing secret of {created.url}</p>
					<p className="mt-1 text-muted">Copy it now: it is not shown again.</p>
					<code className="mt-2 block break-all">{created.secret}</code>
				</div>
			)}
			{list.error && !list.data ? (
				<LoadError what="the webhooks" error={list.error} onRetry={list.reload} />
			) : !list.data ? (
				<Spinner label="Loading webhooks..." />
			) : list.data.length === 0 ? (
				<p className="rounded-lg border border-dashed border-border bg-surface p-4 text-center text-muted">
					No webhooks yet.
				</p>
			) : (
				<ul className="grid gap-2" aria-label="Webhooks">
					{list.data.map((hook) => (
						<li key={hook.id} className="rounded-lg border border-border bg-surface p-3">
							<div className="flex flex-wrap items-center justify-between gap-2">
								<div className="min-w-0">
									<p className="break-all font-medium text-ink">{hook.url}</p>
									<p className="text-sm text-muted">
										{hook.active ? 'Active' : 'Off (the receiver answered 410 Gone)'} ·{' '}
										{hook.events.join(', ')}
									</p>
									<p className="text-sm text-muted">Last delivery: {lastTryText(hook.lastDelivery)}</p>
								</div>
								<div className="flex gap-2">
									<Button
										type="button"
										size="sm"
										variant="outline"
										aria-expanded={open === hook.id}
										onClick={() => setOpen(open === hook.id ? undefined : hook.id)}
									>
										Deliveries
									</Button>
									<Button type="button" size="sm" variant="destructive" onClick={() => setDeleting(hook)}>
										Delete
									</Button>
								</div>
							</div>
							{open === hook.id && <Tries id={hook.id} />}
						</li>
					))}
				</ul>
			)}
			<ConfirmDialog
				open={deleting !== undefined}
				onOpenChange={(next) => !next && setDeleting(undefined)}
				title="Delete this webhook?"
				description={`${deleting?.url ?? ''} stops receiving events; its delivery history goes with it.`}
				confirmLabel="Delete webhook"
				destructive
				onConfirm={remove}
			/>
		</section>
	);
}
