import { useEffect, useState } from 'react';
import { apiRequest } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { Button } from '@/components/ui/Button';
import { reportFailure } from './session';

type Invitation = { id: string; createdAt: string; expiresAt: string; usedAt: string | null };
type NewLink = { id: string; token: string; url: string; expiresAt: string };

function status(invitation: Invitation, now: number): string {
	if (invitation.usedAt) return `used ${formatDate(invitation.usedAt)}`;
	if (Date.parse(invitation.expiresAt) <= now) return `expired ${formatDate(invitation.expiresAt)}`;
	return `open until ${formatDate(invitation.expiresAt)}`;
}

/**
 * The representative's review invitation links (issue 47): make one to send a customer (shown
 * once: only its hash is kept), see which were used or expired, revoke an open one.
 */
export function InvitationLinks({ platformId }: { platformId: number }) {
	const [invitations, setInvitations] = useState<Invitation[] | null>(null);
	const [made, setMade] = useState<NewLink | null>(null);
	const [busy, setBusy] = useState(false);
	const path = `/api/platforms/${platformId}/invitations`;

	async function load() {
		try {
			setInvitations(await apiRequest<Invitation[]>('GET', path));
		} catch (error) {
			reportFailure('Error', error, 'Failed to load your invitation links.');
		}
	}

	// biome-ignore lint/correctness/useExhaustiveDependencies: once per platform
	useEffect(() => {
		void load();
	}, [platformId]);

	async function create() {
		setBusy(true);
		try {
			setMade(await apiRequest<NewLink>('POST', path));
			await load();
		} catch (error) {
			reportFailure('Error', error, 'Failed to create an invitation link.');
		} finally {
			setBusy(false);
		}
	}

	async function revoke(id: string) {
		try {
			await apiRequest('DELETE', `${path}/${id}`);
			if (made?.id === id) setMade(null);
			await load();
		} catch (error) {
			reportFailure('Error', error, 'Failed to revoke the invitation link.');
		}
	}

	const now = Date.now();
	return (
		<section className="grid gap-3" aria-labelledby="invitations-heading" data-testid="invitation-links">
			<h3 id="invitations-heading" className="text-base font-semibold text-ink">
				Invite customers to review
			</h3>
			<p className="text-sm text-muted">
				Each link works once, for 30 days. Reviews sent through it are labelled "Invited by vendor" and weigh
				half in the score (<a href="/methodology">how scores are weighed</a>).
			</p>
			<Button type="button" onClick={create} loading={busy} className="justify-self-start">
				Create invitation link
			</Button>
			{made && (
				<div className="grid gap-1" data-testid="new-invitation">
					<label htmlFor="new-invitation-url" className="text-sm font-medium text-ink">
						Your new link (copy it now: it is shown once)
					</label>
					<input
						id="new-invitation-url"
						readOnly
						value={made.url}
						className="w-full rounded-md border border-border px-2 py-1 text-sm"
						onFocus={(event) => event.target.select()}
					/>
				</div>
			)}
			{invitations && invitations.length > 0 && (
				<ul className="grid gap-1 text-sm" data-testid="invitation-list">
					{invitations.map((invitation) => (
						<li key={invitation.id} className="flex flex-wrap items-center gap-2">
							<span className="font-mono text-xs text-muted">{invitation.id.slice(0, 8)}</span>
							<span className="text-slate-700">{status(invitation, now)}</span>
							{!invitation.usedAt && Date.parse(invitation.expiresAt) > now && (
								<button
									type="button"
									onClick={() => revoke(invitation.id)}
									className="rounded text-xs font-medium text-brand-700 underline-offset-4 hover:underline"
									aria-label={`Revoke invitation ${invitation.id.slice(0, 8)}`}
								>
									Revoke
								</button>
							)}
						</li>
					))}
				</ul>
			)}
		</section>
	);
}
