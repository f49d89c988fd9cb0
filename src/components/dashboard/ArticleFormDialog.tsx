/** Create or edit a news or education article in a dialog. */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { ApiError, apiRequest, failureText } from '@/lib/api-client';
import { $user } from '@/stores/session';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@/components/ui/Dialog';
import { Input, inputClasses, Textarea } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { Switch } from '@/components/ui/Switch';
import type { AdminArticle, ArticleKind } from './api-types';
import { ARTICLE_CATEGORIES, ARTICLE_CATEGORY_GROUPS } from '@/lib/categories';
import { CategoryOptions } from '@/components/content/CategoryOptions';
import {
	EMPTY_ARTICLE_FORM,
	KIND_LABELS,
	articlePayload,
	articleToForm,
	validateArticleForm,
	type ArticleFormErrors,
	type ArticleFormValues,
} from './article-form';
import { controlProps, Field, focusFirstInvalid, serverFieldError, withoutFixedError } from './Field';
import { MarkdownEditor } from './MarkdownEditor';
import { confirmDiscard, formChanged, useUnsavedChanges } from './unsaved-changes';

export type ArticleFormDialogProps = {
	kind: ArticleKind;
	open: boolean;
	onOpenChange: (open: boolean) => void;
	/** The article to edit; null creates one. */
	article: AdminArticle | null;
	onSaved: () => void;
};

export function ArticleFormDialog({
	kind,
	open,
	onOpenChange,
	article,
	onSaved,
}: ArticleFormDialogProps) {
	const user = useStore($user);
	const [values, setValues] = useState<ArticleFormValues>(EMPTY_ARTICLE_FORM);
	const [errors, setErrors] = useState<ArticleFormErrors>({});
	const [saving, setSaving] = useState(false);
	const formRef = useRef<HTMLFormElement>(null);
	const editing = article !== null;
	const label = KIND_LABELS[kind];
	const idPrefix = `${kind}-article`;

	const initial = useMemo(() => (article ? articleToForm(article) : EMPTY_ARTICLE_FORM), [article]);
	useEffect(() => {
		if (!open) return;
		setValues(initial);
		setErrors({});
	}, [open, initial]);
	const dirty = open && formChanged(values, initial);
	useUnsavedChanges(dirty);

	// An article saved before the lists were merged may carry a category no longer listed; keep
	// it choosable, so editing the article's text does not force a new category.
	const listed: readonly string[] = ARTICLE_CATEGORIES[kind];
	const categories = article && !listed.includes(article.category) ? [...listed, article.category] : listed;

	const set =
		<K extends keyof ArticleFormValues>(field: K) =>
		(value: ArticleFormValues[K]) => {
			const next = { ...values, [field]: value };
			setValues(next);
			setErrors((shown) => withoutFixedError(shown, field, validateArticleForm(next, categories)));
		};
	const text = (field: Exclude<keyof ArticleFormValues, 'isPublished' | 'content'>) => ({
		...controlProps(`${idPrefix}-${field}`, errors[field]),
		value: values[field],
		onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
	});

	async function onSubmit(event: SubmitEvent) {
		event.preventDefault();
		const found = validateArticleForm(values, categories);
		setErrors(found);
		if (Object.keys(found).length > 0) {
			focusFirstInvalid(formRef.current);
			return;
		}
		setSaving(true);
		const action = editing ? 'update' : 'create';
		try {
			const body = articlePayload(values, user?.id ?? 0);
			if (editing) await apiRequest('PUT', `/api/${kind}/${article.id}`, body);
			else await apiRequest('POST', `/api/${kind}`, body);
			toast({ title: `${label} article ${action}d`, description: `"${body.title}" was saved.` });
			onOpenChange(false);
			onSaved();
		} catch (error) {
			const atField = serverFieldError(error, Object.keys(values) as (keyof ArticleFormValues)[]);
			if (atField) {
				setErrors({ [atField.field]: atField.message });
				focusFirstInvalid(formRef.current);
				return;
			}
			// Gone meanwhile (another editor deleted it): the list should stop showing it.
			if (error instanceof ApiError && error.status === 404) onSaved();
			toast({
				title: `Failed to ${action} ${label.toLowerCase()} article`,
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
		} finally {
			setSaving(false);
		}
	}

	return (
		<Dialog
			open={open}
			onOpenChange={(next) => {
				// Escape, a click outside, Cancel and the corner X all come here; Save does not.
				if (saving || (!next && !confirmDiscard(dirty))) return;
				onOpenChange(next);
			}}
		>
			<DialogContent
				title={editing ? `Edit ${label} Article` : `Add ${label} Article`}
				description={
					editing
						? 'Change the article and save it.'
						: 'Write a new article; publish it now or keep it as a draft.'
				}
				size="xl"
			>
				<form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
					<Field id={`${idPrefix}-title`} label="Title" required error={errors.title}>
						<Input {...text('title')} maxLength={200} />
					</Field>
					<Field id={`${idPrefix}-excerpt`} label="Excerpt" required error={errors.excerpt}>
						<Textarea {...text('excerpt')} rows={2} maxLength={500} />
					</Field>
					<MarkdownEditor
						id={`${idPrefix}-content`}
						label="Content"
						required
						value={values.content}
						onChange={set('content')}
						error={errors.content}
					/>
					<div className="grid gap-4 sm:grid-cols-2">
						<Field id={`${idPrefix}-category`} label="Category" required error={errors.category}>
							<select {...text('category')} className={inputClasses}>
								<option value="">Select a category</option>
								<CategoryOptions groups={ARTICLE_CATEGORY_GROUPS[kind]} keep={article?.category} />
							</select>
						</Field>
						<Field
							id={`${idPrefix}-readTime`}
							label="Read time (minutes)"
							error={errors.readTime}
							hint="1 to 60; 5 if left blank."
						>
							<Input
								{...text('readTime')}
								type="number"
								min={1}
								max={60}
								step={1}
								inputMode="numeric"
							/>
						</Field>
					</div>
					<Field
						id={`${idPrefix}-imageUrl`}
						label="Featured image URL"
						error={errors.imageUrl}
						hint="Optional. An http(s) URL or a path such as /images/cover.jpg."
					>
						<Input {...text('imageUrl')} inputMode="url" />
					</Field>
					<Field
						id={`${idPrefix}-tags`}
						label="Tags"
						error={errors.tags}
						hint="Comma-separated, e.g. retail media, measurement."
					>
						<Input {...text('tags')} />
					</Field>
					<div className="flex items-center gap-3">
						<Switch
							id={`${idPrefix}-isPublished`}
							checked={values.isPublished}
							onCheckedChange={set('isPublished')}
						/>
						<Label htmlFor={`${idPrefix}-isPublished`}>Publish</Label>
						<span className="text-sm text-muted">
							{values.isPublished ? 'Visible on the site' : 'Saved as a draft'}
						</span>
					</div>
					<DialogFooter>
						<DialogClose asChild>
							<Button type="button" variant="outline" disabled={saving}>
								Cancel
							</Button>
						</DialogClose>
						<Button type="submit" loading={saving}>
							{editing ? 'Update Article' : 'Create Article'}
						</Button>
					</DialogFooter>
				</form>
			</DialogContent>
		</Dialog>
	);
}
