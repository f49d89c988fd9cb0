import { failureText } from '../../lib/api-client';
import { Button } from '../ui/Button';

/** A panel's load failure, with the server's message and a retry. */
export function LoadError({
	what,
	error,
	onRetry,
}: {
	what: string;
	error: unknown;
	onRetry: () => void;
}) {
	return (
		<div
			role="alert"
			className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
		>
			<p className="font-medium">Could not load {what}.</p>
			<p className="mt-1">{failureText(error, 'Please check your connection and try again.')}</p>
			<Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
				Try again
			</Button>
		</div>
	);
}
