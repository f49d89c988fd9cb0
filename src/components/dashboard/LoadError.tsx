import { failureText } from '@/lib/api-client';
import { LoadError as LoadErrorPanel } from '@/components/ui/LoadError';

/** A dashboard panel's load failure: the shared panel with the server's message. */
export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
	return (
		<LoadErrorPanel
			what={what}
			message={failureText(error, 'Please check your connection and try again.')}
			onRetry={onRetry}
		/>
	);
}
