/**
 * "Share preview" on an unpublished item: asks the server for a preview link and shows it in a
 * dialog to copy, open or revoke. The link shows the item as its public page will look, to anyone
 * who holds it and without signing in, for 7 days or until the item is published or deleted, or
 * the link is revoked.
 */
import { useState } from 'react';
import type { PreviewSubject } from '@/lib/column-values';
import { apiRequest, failureText } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-classes';
import { Dialog, DialogContent } from '@/components/ui/Dialog';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';

type PreviewLink = { id: string; url: string; expiresAt: string };

export function PreviewLinkButton({ type, id, title }: { type: PreviewSubject; id: number; title: string }) {
	const [link, setLink] = useState<PreviewLink | null>(null);
	const [busy, setBusy] = useState(false);

	async function create() {
		setBusy(true);
		try {
			setLink(await apiRequest<PreviewLink>('POST', '/api/admin/previews', { type, id }));
		} catch (error) {
			toast({
				title: 'Failed to create a preview link',
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
		} finally {
			setBusy(false);
		}
	}

	async function copy(url: string) {
		try {
			await navigator.clipboard.writeText(url);
			toast({ title: 'Preview link copied', description: 'Anyone with the link can see the draft.' });
		} catch {
			toast({
				title: 'Could not copy the link',
				description: 'Select the link and copy it yourself.',
				variant: 'destructive',
			});
		}
	}

	async function revoke(linkId: string) {
		setBusy(true);
		try {
			await apiRequest('DELETE', `/api/admin/previews/${linkId}`);
			setLink(null);
			toast({ title: 'Preview link revoked', description: 'The link shows nothing any more.' });
		} catch (error) {
			toast({
				title: 'Failed to revoke the preview link',
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
		} finally {
			setBusy(false);
		}
	}

	const fieldId = `preview-link-${type}-${id}`;
	return (
		<>
			<Button
				variant="ghost"
				size="sm"
				aria-label={`Share preview of ${title}`}
				disabled={busy}
				onClick={create}
			>
				{busy ? 'Creating...' : 'Share preview'}
			</Button>
			<Dialog open={link !== null} onOpenChange={(open) => !open && setLink(null)}>
				<DialogContent
					title="Preview link"
					description={
						link &&
						`Anyone with this link can see "${title}" as it will be published, without signing in, until ${formatDate(link.expiresAt)} or until it is published or deleted, or you revoke the link.`
					}
				>
					{link && (
						<div className="grid gap-3">
							<Label htmlFor={fieldId}>Link</Label>
							<Input id={fieldId} readOnly value={link.url} onFocus={(event) => event.target.select()} />
							<div className="flex flex-wrap justify-end gap-2">
								<a
									href={link.url}
									target="_blank"
									rel="noreferrer"
									className={buttonClasses({ variant: 'outline', size: 'sm' })}
								>
									Open preview
								</a>
								<Button variant="outline" size="sm" disabled={busy} onClick={() => revoke(link.id)}>
									Revoke link
								</Button>
								<Button size="sm" onClick={() => copy(link.url)}>
									Copy link
								</Button>
							</div>
						</div>
					)}
				</DialogContent>
			</Dialog>
		</>
	);
}
