import { Button } from '@/components/ui/Button';
import { type AutosaveState, clockTime } from './autosave';

/**
 * What autosave has to say inside an editor: unsaved text from an earlier visit to restore or
 * discard, another editor's save (the typed text stays in the form), and the last autosave.
 */
export function AutosaveNotice({
	autosave,
}: {
	autosave: Pick<AutosaveState, 'enabled' | 'offer' | 'conflict' | 'status' | 'restore' | 'discard'>;
}) {
	if (!autosave.enabled) return null;
	return (
		<>
			{autosave.offer && (
				<div
					className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
					data-testid="autosave-offer"
				>
					<p>Restore unsaved text from {clockTime(autosave.offer.savedAt)}?</p>
					<div className="flex gap-2">
						<Button type="button" size="sm" onClick={autosave.restore}>
							Restore
						</Button>
						<Button type="button" size="sm" variant="outline" onClick={autosave.discard}>
							Discard
						</Button>
					</div>
				</div>
			)}
			{autosave.conflict && (
				<p
					role="alert"
					className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
					data-testid="edit-conflict"
				>
					{autosave.conflict}
				</p>
			)}
			<p role="status" className="min-h-4 text-xs text-muted">
				{autosave.status}
			</p>
		</>
	);
}
