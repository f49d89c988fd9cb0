/**
 * "History" beside an editor: every save of the item, newest first (time in the editor's own
 * zone, author, summary); choosing one shows what it changed from the save before, and
 * "Restore" (after a confirm) makes it the current version, saved as a new revision.
 */
import { useState } from 'react';
import type { RevisionSubject } from '@/lib/column-values';
import { apiRequest, failureText } from '@/lib/api-client';
import type { Wire } from '@/lib/wire';
import type { RevisionDetail, RevisionEntry } from '@/server/revisions/store';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogContent } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { ConfirmDialog } from '@/components/dashboard/ConfirmDialog';
import { LoadError } from '@/components/dashboard/LoadError';
import { useApiData } from '@/components/dashboard/use-api-data';
import { cn } from '@/lib/class-names';
import { wordDiff } from '@/lib/text-diff';

type Entry = Wire<RevisionEntry>;
type Detail = Wire<RevisionDetail>;

const NOUNS: Record<RevisionSubject, string> = {
	article: 'article',
	page: 'page',
	platform: 'platform',
	episode: 'episode',
};

/** A time in the editor's own zone and language (the dashboard renders in the browser only). */
function localDateTime(iso: string): string {
	return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A saved value as an editor reads it. */
function shown(value: unknown): string {
	if (value === null || value === undefined || value === '') return '(empty)';
	if (value === true) return 'Yes';
	if (value === false) return 'No';
	if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.join(', ');
	return String(value);
}

/** A value as the word diff compares it: empty is no words at all. */
function diffable(value: unknown): string {
	return value === null || value === undefined || value === '' ? '' : shown(value);
}

/**
 * Who saved: the editor, an integration (the admin API), or, with none recorded, the site itself (a scheduled publication, or
 * the version a page or platform had before revisions were kept, written by the seed or set-up).
 */
function savedBy({ author, integration }: Pick<Entry, 'author' | 'integration'>): string {
	if (integration) return `${integration.name} (integration)`;
	return author?.username ?? 'the site';
}

/** How removed and added words are marked: an element, its look and the words read out. */
const MARKS = {
	removed: { Element: 'del', label: 'removed', look: 'bg-red-50 text-red-800 line-through' },
	added: { Element: 'ins', label: 'added', look: 'bg-green-50 text-green-800 underline' },
} as const;

/**
 * What a save changed in one field, word by word: removed words struck through, added ones
 * underlined, each also named for screen readers, so the marks never rest on colour alone.
 */
function ChangedText({ from, to }: { from: unknown; to: unknown }) {
	return (
		<>
			{wordDiff(diffable(from), diffable(to)).map((part) => {
				if (part.kind === 'gap') {
					return (
						<span key={part.key} className="text-muted">
							{' … '}
							<span className="sr-only">(unchanged text left out) </span>
						</span>
					);
				}
				if (part.kind === 'same') return <span key={part.key}>{part.text}</span>;
				const { Element, label, look } = MARKS[part.kind];
				return (
					<Element key={part.key} className={cn('rounded-sm decoration-2', look)}>
						<span className="sr-only">[{label}: </span>
						{part.text}
						<span className="sr-only">]</span>
					</Element>
				);
			})}
		</>
	);
}

export type RevisionHistoryProps = {
	type: RevisionSubject;
	id: number;
	title: string;
	/** After a restore: the editor's form holds the old values, so its owner closes and reloads. */
	onRestored: () => void;
};

export function RevisionHistoryButton({ type, id, title, onRestored }: RevisionHistoryProps) {
	const [open, setOpen] = useState(false);
	return (
		<div className="flex">
			<Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
				History
			</Button>
			<Dialog open={open} onOpenChange={setOpen}>
				<DialogContent
					title={`History of "${title}"`}
					description="Every save, newest first. Choose one to see what it changed."
					size="xl"
				>
					{open && (
						<RevisionPanel
							type={type}
							id={id}
							title={title}
							onRestored={() => {
								setOpen(false);
								onRestored();
							}}
						/>
					)}
				</DialogContent>
			</Dialog>
		</div>
	);
}

function RevisionPanel({ type, id, title, onRestored }: RevisionHistoryProps) {
	const list = useApiData<Entry[]>(`/api/admin/revisions?type=${type}&id=${id}`);
	const [selected, setSelected] = useState<number | null>(null);
	const entries = list.data ?? [];
	const chosen = selected ?? entries[0]?.id ?? null;

	if (list.error) return <LoadError what="the history" error={list.error} onRetry={list.reload} />;
	if (list.loading && !list.data) return <Spinner label="Loading history..." />;
	if (entries.length === 0) return <p className="text-sm text-muted">No saves kept yet.</p>;
	return (
		<div className="grid gap-4 md:grid-cols-[15rem_1fr]">
			<ol aria-label="Revisions" className="grid max-h-[50vh] content-start gap-1 overflow-y-auto">
				{entries.map((entry, index) => (
					<li key={entry.id}>
						<button
							type="button"
							aria-current={entry.id === chosen ? 'true' : undefined}
							onClick={() => setSelected(entry.id)}
							className={cn(
								'w-full rounded-md border px-3 py-2 text-left text-sm',
								entry.id === chosen ? 'border-brand-600 bg-brand-50' : 'border-border hover:bg-slate-100',
							)}
						>
							<span className="block font-medium text-ink">{entry.summary}</span>
							<span className="block text-muted">
								{localDateTime(entry.createdAt)} · {savedBy(entry)}
								{index === 0 && ' · current'}
							</span>
						</button>
					</li>
				))}
			</ol>
			{chosen !== null && (
				<RevisionView
					key={chosen}
					revisionId={chosen}
					isCurrent={chosen === entries[0]?.id}
					noun={NOUNS[type]}
					title={title}
					onRestored={onRestored}
				/>
			)}
		</div>
	);
}

function RevisionView({
	revisionId,
	isCurrent,
	noun,
	title,
	onRestored,
}: {
	revisionId: number;
	isCurrent: boolean;
	noun: string;
	title: string;
	onRestored: () => void;
}) {
	const detail = useApiData<Detail>(`/api/admin/revisions/${revisionId}`);
	const [confirming, setConfirming] = useState(false);
	const revision = detail.data;

	if (detail.error) return <LoadError what="this revision" error={detail.error} onRetry={detail.reload} />;
	if (!revision) return <Spinner label="Loading revision..." />;
	const when = localDateTime(revision.createdAt);

	async function restore(): Promise<boolean> {
		try {
			await apiRequest('POST', `/api/admin/revisions/${revisionId}/restore`);
			toast({ title: 'Revision restored', description: `"${title}" is back to the version of ${when}.` });
			onRestored();
			return true;
		} catch (error) {
			toast({
				title: 'Failed to restore the revision',
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
			return false;
		}
	}

	const first = revision.previousId === null;
	const rows = revision.diff;
	return (
		<section aria-labelledby={`revision-${revisionId}-heading`} className="grid content-start gap-3">
			<div className="flex flex-wrap items-center justify-between gap-2">
				<h3 id={`revision-${revisionId}-heading`} className="text-base font-semibold text-ink">
					{revision.summary} <span className="font-normal text-muted">({when})</span>
				</h3>
				{!isCurrent && (
					<Button type="button" size="sm" onClick={() => setConfirming(true)}>
						Restore
					</Button>
				)}
			</div>
			<p className="text-sm text-muted">
				{first
					? 'The first revision kept: its saved fields.'
					: rows.length === 0
						? 'Nothing changed from the save before.'
						: 'What changed from the save before: removed words are struck through, added words underlined.'}
			</p>
			<dl className="grid gap-3">
				{rows.map((row) => (
					<div key={row.field} className="grid gap-1 rounded-md border border-border p-3 text-sm">
						<dt className="font-medium text-ink">{row.label}</dt>
						<dd className="whitespace-pre-wrap break-words text-ink">
							{first ? shown(row.to) : <ChangedText from={row.from} to={row.to} />}
						</dd>
					</div>
				))}
			</dl>
			<ConfirmDialog
				open={confirming}
				onOpenChange={setConfirming}
				title="Restore this revision?"
				description={`The ${noun} goes back to the version saved ${when}, and its public page follows. The restore is kept as a new revision; changes not yet saved in the form are lost.`}
				confirmLabel="Restore"
				onConfirm={restore}
			/>
		</section>
	);
}
