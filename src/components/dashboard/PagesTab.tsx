/**
 * The Pages tab: the static pages with who changed them last; selecting one edits its
 * title and markdown content, with Reset (back to the saved text) and Save Page.
 */
import { useStore } from '@nanostores/react';
import { useMemo, useRef, useState, type SubmitEvent } from 'react';
import { ApiError, apiRequest, failureText } from '@/lib/api-client';
import { cn } from '@/lib/class-names';
import { formatDate } from '@/lib/format';
import { STATIC_PAGE_PATHS } from '@/lib/public-paths';
import { $user } from '@/stores/session';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import { RevisionHistoryButton } from '@/components/revisions/RevisionHistory';
import type { AdminPage } from './api-types';
import { autosaveKey, useAutosave } from './autosave';
import { AutosaveNotice } from './AutosaveNotice';
import { controlProps, Field, focusFirstInvalid, serverFieldError, withoutFixedError } from './Field';
import { LoadError } from './LoadError';
import { MarkdownEditor } from './MarkdownEditor';
import { PanelHeader } from './PanelHeader';
import { confirmDiscard, useUnsavedChanges } from './unsaved-changes';
import { useApiData } from './use-api-data';
import { SearchAppearanceFields } from './SearchAppearanceFields';
import { searchAppearance, staticPageDescription } from '@/lib/search-appearance';

type Draft = { title: string; content: string; metaTitle: string; metaDescription: string };

const EMPTY_DRAFT: Draft = { title: '', content: '', metaTitle: '', metaDescription: '' };

function draftOf(page: AdminPage | null): Draft {
	if (!page) return EMPTY_DRAFT;
	const { title, content, metaTitle, metaDescription } = page;
	return { title, content, metaTitle: metaTitle ?? '', metaDescription: metaDescription ?? '' };
}

function PageEditor() {
	const pages = useApiData<AdminPage[]>('/api/pages');
	const [selected, setSelected] = useState<AdminPage | null>(null);
	const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
	const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
	const [saving, setSaving] = useState(false);
	const formRef = useRef<HTMLFormElement>(null);

	const loaded = useMemo<Draft>(() => draftOf(selected), [selected]);
	const changed =
		!!selected && (Object.keys(loaded) as (keyof Draft)[]).some((field) => draft[field] !== loaded[field]);
	useUnsavedChanges(changed);
	// Pages are always public: typed text is kept in this browser only, never autosaved live.
	const autosave = useAutosave(
		selected ? { key: autosaveKey('page', selected.slug), updatedAt: selected.updatedAt } : undefined,
		{ active: !!selected, values: draft, initial: loaded, replace: setDraft, canSave: () => false },
	);

	function select(page: AdminPage) {
		setSelected(page);
		setDraft(draftOf(page));
		setErrors({});
	}

	/** Picking a page from the list: asks first when the open one has unsaved changes. */
	function choose(page: AdminPage) {
		if (page.slug === selected?.slug || !confirmDiscard(changed)) return;
		select(page);
	}

	/** After a restore: the page as now saved, in the list and the form. */
	async function reloadSelected(slug: string) {
		select(await apiRequest<AdminPage>('GET', `/api/pages/${encodeURIComponent(slug)}`));
		pages.reload();
	}

	/** A search field's control: typing clears its server error. */
	const metaControl = (field: 'metaTitle' | 'metaDescription') => ({
		...controlProps(`page-${field}`, errors[field]),
		value: draft[field],
		onChange: (event: { target: { value: string } }) => {
			const value = event.target.value;
			setDraft((d) => ({ ...d, [field]: value }));
			setErrors((shown) => withoutFixedError(shown, field, {}));
		},
	});

	async function onSave(event: SubmitEvent) {
		event.preventDefault();
		if (!selected) {
			toast({ title: 'Please select a page to edit', variant: 'destructive' });
			return;
		}
		if (!draft.title.trim()) {
			setErrors({ title: 'Title is required.' });
			focusFirstInvalid(formRef.current);
			return;
		}
		setSaving(true);
		try {
			const saved = await apiRequest<AdminPage>('PUT', `/api/pages/${encodeURIComponent(selected.slug)}`, {
				title: draft.title.trim(),
				content: draft.content,
				metaTitle: draft.metaTitle,
				metaDescription: draft.metaDescription,
				expectedUpdatedAt: autosave.expectedUpdatedAt(),
			});
			autosave.clear();
			select(saved);
			pages.reload();
			toast({ title: 'Success', description: 'Page updated successfully!' });
		} catch (error) {
			const atField = serverFieldError(error, ['title', 'content', 'metaTitle', 'metaDescription'] as const);
			if (atField) {
				setErrors({ [atField.field]: atField.message });
				focusFirstInvalid(formRef.current);
				return;
			}
			// Another editor saved meanwhile: say so here, and keep the typed text.
			if (error instanceof ApiError && error.status === 409) {
				autosave.setConflict(error.serverMessage);
				return;
			}
			toast({
				title: 'Error',
				description: failureText(error, 'Failed to update page'),
				variant: 'destructive',
			});
		} finally {
			setSaving(false);
		}
	}

	return (
		<section aria-labelledby="pages-heading">
			<PanelHeader id="pages-heading" title="Pages" description="About, contact and the legal pages." />
			<div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
				<div>
					<h3 className="mb-2 text-sm font-semibold text-ink">Static pages</h3>
					{pages.error && !pages.data ? (
						<LoadError what="the pages" error={pages.error} onRetry={pages.reload} />
					) : !pages.data ? (
						<Spinner label="Loading pages..." />
					) : (
						<ul className="grid gap-2">
							{pages.data.map((page) => (
								<li key={page.slug}>
									<button
										type="button"
										onClick={() => choose(page)}
										aria-current={selected?.slug === page.slug ? 'true' : undefined}
										className={cn(
											'w-full rounded-lg border bg-surface p-3 text-left shadow-sm transition-colors hover:border-brand-300',
											selected?.slug === page.slug
												? 'border-brand-600 ring-1 ring-brand-600'
												: 'border-border',
										)}
									>
										<span className="block font-medium text-ink">{page.title}</span>
										<span className="block font-mono text-xs text-muted">
											{/* Where readers find it (about-us is at /about); a slug without a route as is. */}
											{STATIC_PAGE_PATHS[page.slug] ?? page.slug}
										</span>
										<span className="mt-1 block text-xs text-muted">
											Last modified by {page.lastModifiedByUser?.username ?? 'Unknown'} on{' '}
											{formatDate(page.updatedAt)}
										</span>
									</button>
								</li>
							))}
						</ul>
					)}
				</div>
				<form
					ref={formRef}
					onSubmit={onSave}
					noValidate
					className="grid content-start gap-4 rounded-xl border border-border bg-surface p-5 shadow-sm"
				>
					<h3 className="font-semibold text-ink">
						{selected ? `Editing: ${selected.title}` : 'Select a page from the list to edit it.'}
					</h3>
					{selected && (
						<RevisionHistoryButton
							type="page"
							id={selected.id}
							title={selected.title}
							onRestored={() => void reloadSelected(selected.slug)}
						/>
					)}
					<AutosaveNotice autosave={autosave} />
					<Field id="page-title" label="Title" error={errors.title}>
						<Input
							{...controlProps('page-title', errors.title)}
							value={draft.title}
							disabled={!selected}
							onChange={(event) => {
								const title = event.target.value;
								setDraft((d) => ({ ...d, title }));
								// The required-title error goes as soon as there is a title.
								if (title.trim()) setErrors((shown) => withoutFixedError(shown, 'title', {}));
							}}
						/>
					</Field>
					<MarkdownEditor
						id="page-content"
						label="Content"
						value={draft.content}
						disabled={!selected}
						rows={16}
						error={errors.content}
						images
						onChange={(content) => setDraft((d) => ({ ...d, content }))}
					/>
					{selected && (
						<SearchAppearanceFields
							title={metaControl('metaTitle')}
							description={metaControl('metaDescription')}
							errors={errors}
							fallback={searchAppearance({
								title: draft.title || selected.title,
								description: staticPageDescription(selected),
							})}
						/>
					)}
					<div className="flex flex-wrap justify-end gap-2">
						<Button
							type="button"
							variant="outline"
							disabled={!changed || saving}
							onClick={() => selected && select(selected)}
						>
							Reset
						</Button>
						<Button type="submit" loading={saving}>
							Save Page
						</Button>
					</div>
				</form>
			</div>
		</section>
	);
}

/** The Pages tab is for editors only (the server checks too). */
export default function PagesTab() {
	const user = useStore($user);
	if (user?.role !== 'editor') {
		return (
			<p role="alert" className="py-8 text-center text-muted">
				Access denied. Editor privileges required.
			</p>
		);
	}
	return <PageEditor />;
}
