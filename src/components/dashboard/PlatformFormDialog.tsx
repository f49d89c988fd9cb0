/** Create or edit a platform in a dialog; the caller reloads the list on save. */
import { useMemo } from 'react';
import { RevisionHistoryButton } from '@/components/revisions/RevisionHistory';
import { apiRequest } from '@/lib/api-client';
import { PLATFORM_CATEGORIES } from '@/lib/categories';
import { Input, inputClasses, Textarea } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { Switch } from '@/components/ui/Switch';
import type { AdminPlatform } from './api-types';
import { Field } from './Field';
import { ImageUrlField } from './ImageUrlField';
import { SearchAppearanceFields, SlugField } from './SearchAppearanceFields';
import { searchAppearance } from '@/lib/search-appearance';
import { FormDialog, useFormDialog } from './FormDialog';
import {
	EMPTY_PLATFORM_FORM,
	platformPayload,
	platformToForm,
	validatePlatformForm,
	type PlatformFormValues,
} from './platform-form';

export type PlatformFormDialogProps = {
	open: boolean;
	onOpenChange: (open: boolean) => void;
	/** The platform to edit; null creates a new one. */
	platform: AdminPlatform | null;
	onSaved: () => void;
};

export function PlatformFormDialog({ open, onOpenChange, platform, onSaved }: PlatformFormDialogProps) {
	const editing = platform !== null;

	const initial = useMemo(() => (platform ? platformToForm(platform) : EMPTY_PLATFORM_FORM), [platform]);
	const form = useFormDialog<PlatformFormValues>({
		open,
		onOpenChange,
		onSaved,
		initial,
		validate: validatePlatformForm,
		idPrefix: 'platform',
		failureTitle: editing ? 'Failed to update platform' : 'Failed to create platform',
		async save(values) {
			const body = platformPayload(values);
			if (platform) await apiRequest('PUT', `/api/admin/platforms/${platform.id}`, body);
			else await apiRequest('POST', '/api/admin/platforms', body);
			return {
				title: editing ? 'Platform updated' : 'Platform created',
				description: `"${body.name}" was saved.`,
			};
		},
	});
	const { values, errors, set, text } = form;

	// Keep a category that is no longer in the list selectable, so editing never loses it.
	const categories: readonly string[] =
		values.category && !PLATFORM_CATEGORIES.includes(values.category as never)
			? [values.category, ...PLATFORM_CATEGORIES]
			: PLATFORM_CATEGORIES;

	return (
		<FormDialog
			form={form}
			open={open}
			onOpenChange={onOpenChange}
			title={editing ? 'Edit Platform' : 'Add Platform'}
			description={editing ? `Change the details of ${platform.name}.` : 'Add a platform to the directory.'}
			size="lg"
			submitLabel={editing ? 'Update Platform' : 'Create Platform'}
		>
			<div className="grid gap-4 sm:grid-cols-2">
				<Field id="platform-name" label="Name" required error={errors.name}>
					<Input {...text('name')} maxLength={200} />
				</Field>
				<Field id="platform-category" label="Category" required error={errors.category}>
					<select {...text('category')} className={inputClasses}>
						<option value="">Select a category</option>
						{categories.map((category) => (
							<option key={category} value={category}>
								{category}
							</option>
						))}
					</select>
				</Field>
			</div>
			<Field id="platform-description" label="Description" required error={errors.description}>
				<Textarea {...text('description')} rows={3} />
			</Field>
			<Field id="platform-pricing" label="Pricing" required error={errors.pricing}>
				<Input {...text('pricing')} placeholder="e.g. CPC auction, no minimum spend" />
			</Field>
			<div className="grid gap-4 sm:grid-cols-2">
				<ImageUrlField
					id="platform-logo"
					error={errors.logo}
					label="Logo URL"
					purpose="logo"
					hint="Optional. An http(s) URL, a path such as /images/logo.svg, or an image from the library."
					input={text('logo')}
					onChoose={set('logo')}
				/>
				<Field id="platform-websiteUrl" error={errors.websiteUrl} label="Website URL" hint="Optional.">
					<Input {...text('websiteUrl')} type="url" inputMode="url" placeholder="https://" />
				</Field>
			</div>
			<div className="grid gap-4 sm:grid-cols-3">
				<Field id="platform-features" error={errors.features} label="Features" hint="One per line.">
					<Textarea {...text('features')} rows={4} />
				</Field>
				<Field id="platform-pros" error={errors.pros} label="Pros" hint="One per line.">
					<Textarea {...text('pros')} rows={4} />
				</Field>
				<Field id="platform-cons" error={errors.cons} label="Cons" hint="One per line.">
					<Textarea {...text('cons')} rows={4} />
				</Field>
			</div>
			<div className="grid items-end gap-4 sm:grid-cols-2">
				<Field
					id="platform-sortOrder"
					error={errors.sortOrder}
					label="Sort order"
					hint="Lower numbers come first; not a number means 0."
				>
					<Input {...text('sortOrder')} type="number" step={1} inputMode="numeric" />
				</Field>
				<div className="flex items-center gap-3 pb-2">
					<Switch
						id="platform-isRecommended"
						checked={values.isRecommended}
						onCheckedChange={set('isRecommended')}
					/>
					<Label htmlFor="platform-isRecommended">Recommended</Label>
				</div>
			</div>
			<SlugField kind="platform" control={text('slug')} error={errors.slug} current={platform?.slug} />
			<SearchAppearanceFields
				title={text('metaTitle')}
				description={text('metaDescription')}
				errors={errors}
				fallback={searchAppearance({
					title: values.name || 'Platform name',
					description: values.description,
				})}
			/>
			{platform && (
				<RevisionHistoryButton
					type="platform"
					id={platform.id}
					title={platform.name}
					onRestored={() => {
						onOpenChange(false);
						onSaved();
					}}
				/>
			)}
		</FormDialog>
	);
}
