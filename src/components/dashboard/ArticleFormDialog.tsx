/** Create or edit a news or education article in a dialog. */
import { useStore } from '@nanostores/react';
import { RevisionHistoryButton } from '@/components/revisions/RevisionHistory';
import { useMemo } from 'react';
import { apiRequest } from '@/lib/api-client';
import { $user } from '@/stores/session';
import { Input, inputClasses, Textarea } from '@/components/ui/Input';
import type { ArticleKind } from '@/lib/column-values';
import type { AdminArticle } from './api-types';
import { ARTICLE_CATEGORIES, ARTICLE_CATEGORY_GROUPS } from '@/lib/categories';
import { CategoryOptions } from '@/components/content/CategoryOptions';
import {
	EMPTY_ARTICLE_FORM,
	KIND_LABELS,
	articlePayload,
	articleToForm,
	validateArticleForm,
	type ArticleFormValues,
} from './article-form';
import { autosaveKey, draftAutosave } from './autosave';
import { Field } from './Field';
import { ImageUrlField } from './ImageUrlField';
import { FormDialog, useFormDialog } from './FormDialog';
import { MarkdownEditor } from './MarkdownEditor';
import { PublicationFields } from './PublishSwitch';
import { SearchAppearanceFields, SlugField } from './SearchAppearanceFields';
import { searchAppearance } from '@/lib/search-appearance';

export type ArticleFormDialogProps = {
	kind: ArticleKind;
	open: boolean;
	onOpenChange: (open: boolean) => void;
	/** The article to edit; null creates one. */
	article: AdminArticle | null;
	onSaved: () => void;
};

export function ArticleFormDialog({ kind, open, onOpenChange, article, onSaved }: ArticleFormDialogProps) {
	const user = useStore($user);
	const idPrefix = `${kind}-article`;
	const editing = article !== null;
	const label = KIND_LABELS[kind];

	const initial = useMemo(() => (article ? articleToForm(article) : EMPTY_ARTICLE_FORM), [article]);
	// An article saved before the lists were merged may carry a category no longer listed; keep
	// it choosable, so editing the article's text does not force a new category.
	const listed: readonly string[] = ARTICLE_CATEGORIES[kind];
	const categories = article && !listed.includes(article.category) ? [...listed, article.category] : listed;
	const action = editing ? 'update' : 'create';

	const form = useFormDialog<ArticleFormValues>({
		open,
		onOpenChange,
		onSaved,
		initial,
		validate: (values) => validateArticleForm(values, categories),
		idPrefix,
		failureTitle: `Failed to ${action} ${label.toLowerCase()} article`,
		autosave: {
			key: autosaveKey(kind, article?.id ?? null),
			updatedAt: article?.updatedAt ?? null,
			saveDraft:
				article && !article.isPublished
					? (values, expectedUpdatedAt) =>
							apiRequest<AdminArticle>('PUT', `/api/${kind}/${article.id}`, {
								...draftAutosave(articlePayload(values, user?.id ?? 0), article),
								expectedUpdatedAt,
								autosave: true,
							})
					: undefined,
		},
		async save(values, expectedUpdatedAt) {
			const body = articlePayload(values, user?.id ?? 0);
			if (article) await apiRequest('PUT', `/api/${kind}/${article.id}`, { ...body, expectedUpdatedAt });
			else await apiRequest('POST', `/api/${kind}`, body);
			return {
				title: `${label} article ${action}d`,
				description: `"${body.title}" was saved.`,
			};
		},
	});
	const { values, errors, set, text } = form;

	return (
		<FormDialog
			form={form}
			open={open}
			onOpenChange={onOpenChange}
			title={editing ? `Edit ${label} Article` : `Add ${label} Article`}
			description={
				editing
					? 'Change the article and save it.'
					: 'Write a new article; publish it now or keep it as a draft.'
			}
			size="xl"
			submitLabel={editing ? 'Update Article' : 'Create Article'}
		>
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
				images
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
					<Input {...text('readTime')} type="number" min={1} max={60} step={1} inputMode="numeric" />
				</Field>
			</div>
			<ImageUrlField
				id={`${idPrefix}-imageUrl`}
				label="Featured image URL"
				purpose="featured image"
				error={errors.imageUrl}
				hint="Optional. An http(s) URL, a path such as /images/cover.jpg, or an image from the library."
				input={text('imageUrl')}
				onChoose={set('imageUrl')}
			/>
			<Field
				id={`${idPrefix}-tags`}
				label="Tags"
				error={errors.tags}
				hint="Comma-separated, e.g. retail media, measurement."
			>
				<Input {...text('tags')} />
			</Field>
			<PublicationFields idPrefix={idPrefix} form={form} />
			<SlugField kind={kind} control={text('slug')} error={errors.slug} current={article?.slug} />
			<SearchAppearanceFields
				title={text('metaTitle')}
				description={text('metaDescription')}
				errors={errors}
				fallback={searchAppearance({ title: values.title || 'Article title', description: values.excerpt })}
			/>
			{article && (
				<RevisionHistoryButton
					type="article"
					id={article.id}
					title={article.title}
					onRestored={() => {
						onOpenChange(false);
						onSaved();
					}}
				/>
			)}
		</FormDialog>
	);
}
