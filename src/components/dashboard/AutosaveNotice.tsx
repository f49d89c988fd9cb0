import { Button } from '@/components/ui/Button';
import { type AutosaveState, clockTime } from './autosave';

/** 'excerpt and content' from ['excerpt', 'content'] ('readTime' reads 'read time'). */
function fieldList(fields: string[]): string {
	const words = fields.map((field) => field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());
	return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

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
					<p>
						Restore unsaved text from {clockTime(autosave.offer.savedAt)}?
						{autosave.offer.changedFields && (
							<>
								{' '}
								It was saved again since: only what you changed ({fieldList(autosave.offer.changedFields)}) is
								restored, onto the saved version.
							</>
						)}
					</p>
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
