import { useId } from 'react';
import { badgeEmbedSnippet } from '@/lib/badge-embed';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';

/**
 * For the platform's representative only: the rating badge's embed code (a link to this page
 * around the badge) with a copy button.
 */
export function BadgeEmbed({ platformSlug, platformName }: { platformSlug: string; platformName: string }) {
	const id = useId();
	const snippet = badgeEmbedSnippet(window.location.origin, { slug: platformSlug, name: platformName });

	async function copy() {
		try {
			await navigator.clipboard.writeText(snippet);
			toast({ title: 'Embed code copied', description: 'Paste it into your site’s HTML.' });
		} catch {
			toast({
				title: 'Could not copy the code',
				description: 'Select the code and copy it yourself.',
				variant: 'destructive',
			});
		}
	}

	return (
		<div className="mt-5 rounded-lg border border-border bg-canvas p-4" data-testid="badge-embed">
			<h3 className="text-base font-semibold text-ink">Show your rating on your site</h3>
			<p className="mt-1 text-sm text-muted">
				The badge follows your rating; add <code>?theme=dark</code> to the image address for dark pages.
			</p>
			<img className="mt-3" src={`/platforms/${platformSlug}/badge.svg`} alt="" height={64} />
			<label htmlFor={id} className="mt-3 block text-sm font-medium text-ink">
				Embed code
			</label>
			<textarea
				id={id}
				readOnly
				rows={3}
				value={snippet}
				className="mt-1 w-full rounded-md border border-border bg-surface p-2 font-mono text-xs text-ink"
				onFocus={(event) => event.currentTarget.select()}
			/>
			<Button type="button" size="sm" variant="secondary" className="mt-2" onClick={copy}>
				Copy code
			</Button>
		</div>
	);
}
