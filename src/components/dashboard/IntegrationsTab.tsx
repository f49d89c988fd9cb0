/**
 * The Integrations tab (issue 45): editors make a partner's pair of API keys, see them once
 * with copy buttons, list the integrations in use and revoke one behind a confirm dialog.
 */
import { useState, type FormEvent } from 'react';
import { apiRequest, failureText } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { MAX_INTEGRATION_NAME_LENGTH } from '@/lib/validation/api-v1';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { ConfirmDialog } from './ConfirmDialog';
import { LoadError } from './LoadError';
import WebhooksPanel from './WebhooksPanel';
import { PanelHeader } from './PanelHeader';
import { useApiData } from './use-api-data';

type Integration = { id: number; name: string; createdAt: string; lastUsedAt: string | null };
type CreatedKeys = { id: number; name: string; contentKey: string; adminKey: string };

function KeyField({ label, value }: { label: string; value: string }) {
	const id = `key-${label.toLowerCase().replace(/\s+/g, '-')}`;
	async function copy() {
		try {
			await navigator.clipboard.writeText(value);
			toast({ title: `${label} copied` });
		} catch {
			toast({
				title: 'Could not copy',
				description: 'Select the key and copy it yourself.',
				variant: 'destructive',
			});
		}
	}
	return (
		<div className="grid gap-1">
			<Label htmlFor={id}>{label}</Label>
			<div className="flex flex-wrap items-center gap-2">
				<Input id={id} readOnly value={value} className="min-w-0 flex-1 font-mono text-xs" data-testid={id} />
				<Button
					variant="outline"
					size="sm"
					onClick={() => void copy()}
					aria-label={`Copy the ${label.toLowerCase()}`}
				>
					Copy
				</Button>
			</div>
		</div>
	);
}

export default function IntegrationsTab() {
	const list = useApiData<Integration[]>('/api/admin/integrations');
	const [name, setName] = useState('');
	const [busy, setBusy] = useState(false);
	const [created, setCreated] = useState<CreatedKeys | null>(null);
	const [revoking, setRevoking] = useState<Integration | null>(null);

	async function create(event: FormEvent) {
		event.preventDefault();
		setBusy(true);
		try {
			setCreated(await apiRequest<CreatedKeys>('POST', '/api/admin/integrations', { name }));
			setName('');
			list.reload();
		} catch (error) {
			toast({
				title: 'Not created',
				description: failureText(error, 'Please try again.'),
				variant: 'destructive',
			});
		} finally {
			setBusy(false);
		}
	}

	async function revoke(integration: Integration): Promise<boolean> {
		try {
			await apiRequest('DELETE', `/api/admin/integrations/${integration.id}`);
			toast({ title: `${integration.name} revoked`, description: 'Both its keys stopped working.' });
			if (created?.id === integration.id) setCreated(null);
			list.reload();
			return true;
		} catch (error) {
			toast({
				title: 'Not revoked',
				description: failureText(error, 'Please try again.'),
				variant: 'destructive',
			});
			return false;
		}
	}

	return (
		<div className="grid gap-10">
			<section aria-labelledby="integrations-heading">
				<PanelHeader
					id="integrations-heading"
					title="Integrations"
					description="API keys for partners' tools: a content key reads /api/v1, an admin key also writes articles. See /developers."
				/>
				<form onSubmit={(event) => void create(event)} className="mb-6 flex flex-wrap items-end gap-2">
					<div className="grid min-w-0 flex-1 gap-1">
						<Label htmlFor="integration-name">Name</Label>
						<Input
							id="integration-name"
							value={name}
							maxLength={MAX_INTEGRATION_NAME_LENGTH}
							required
							onChange={(event) => setName(event.target.value)}
							placeholder="Agency planning sheet"
						/>
					</div>
					<Button type="submit" loading={busy}>
						Create integration
					</Button>
				</form>

				{created && (
					<div
						className="mb-6 grid gap-3 rounded-lg border border-border bg-surface p-4"
						data-testid="created-keys"
					>
						<p className="text-sm font-semibold text-ink">
							Keys of {created.name}: copy them now, they are not shown again.
						</p>
						<KeyField label="Content key" value={created.contentKey} />
						<KeyField label="Admin key" value={created.adminKey} />
						<div>
							<Button variant="outline" size="sm" onClick={() => setCreated(null)}>
								Done
							</Button>
						</div>
					</div>
				)}

				{list.error ? (
					<LoadError what="integrations" error={list.error} onRetry={list.reload} />
				) : list.data && list.data.length === 0 ? (
					<p className="text-sm text-muted">No integrations yet.</p>
				) : (
					<ul
						className="divide-y divide-border rounded-lg border border-border"
						aria-label="Integrations in use"
					>
						{list.data?.map((integration) => (
							<li
								key={integration.id}
								className="flex flex-wrap items-center justify-between gap-3 p-4"
								data-testid="integration-row"
							>
								<div className="min-w-0">
									<p className="wrap-anywhere font-semibold text-ink">{integration.name}</p>
									<p className="text-sm text-muted">
										Created {formatDate(integration.createdAt)}
										<span aria-hidden="true"> · </span>
										{integration.lastUsedAt
											? `Last used ${formatDate(integration.lastUsedAt)}`
											: 'Never used'}
									</p>
								</div>
								<Button
									variant="outline"
									size="sm"
									aria-label={`Revoke ${integration.name}`}
									onClick={() => setRevoking(integration)}
								>
									Revoke
								</Button>
							</li>
						))}
					</ul>
				)}

				<ConfirmDialog
					open={revoking !== null}
					onOpenChange={(open) => !open && setRevoking(null)}
					title={`Revoke ${revoking?.name ?? ''}?`}
					description="Both of its keys stop working at once, everywhere. This cannot be undone."
					confirmLabel="Revoke"
					destructive
					onConfirm={() => (revoking ? revoke(revoking) : Promise.resolve(true))}
				/>
			</section>
			{/* Partners' other connection: the site calls them. */}
			<WebhooksPanel />
		</div>
	);
}
