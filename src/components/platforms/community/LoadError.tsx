import { Button } from '../../ui/Button';

/** A list that failed to load, with a retry. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
	return (
		<div role="alert" className="grid justify-items-center gap-3 py-6 text-center">
			<p className="text-sm text-ink">Could not load the {what}.</p>
			<Button type="button" variant="outline" size="sm" onClick={onRetry}>
				Try again
			</Button>
		</div>
	);
}
