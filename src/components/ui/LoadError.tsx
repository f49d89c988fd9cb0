import { Button } from './Button';

export type LoadErrorProps = {
	/** What failed to load, e.g. 'the episodes': shown as "Could not load the episodes." */
	what: string;
	/** The reason, usually the server's message. */
	message?: string;
	onRetry: () => void;
};

/** A list or panel that failed to load, with the reason and a retry. */
export function LoadError({ what, message, onRetry }: LoadErrorProps) {
	return (
		<div
			role="alert"
			className="rounded-xl border border-red-200 bg-red-50 px-6 py-6 text-center text-sm text-red-800"
		>
			<p className="font-medium">Could not load {what}.</p>
			{message && (
				<p className="mt-1" data-message>
					{message}
				</p>
			)}
			<Button type="button" variant="outline" size="sm" className="mt-4" onClick={onRetry}>
				Try again
			</Button>
		</div>
	);
}
