/**
 * The address and search fields the editors' forms share: "Address (slug)" with its rule and
 * the public address it gives, and a collapsible "Search appearance" group with the search
 * title and description, their live character counts and the page's own as placeholders.
 */
import { Input, Textarea } from '@/components/ui/Input';
import type { SlugKind } from '@/lib/column-values';
import { slugPath } from '@/lib/public-paths';
import { META_DESCRIPTION_MAX_LENGTH, META_TITLE_MAX_LENGTH } from '@/lib/search-appearance';
import { SLUG_MAX_LENGTH } from '@/lib/slugs';
import { Field } from './Field';

/** The props a form's text(field) gives a control: its id, value, change and error marks. */
type TextControl = {
	id: string;
	value: string;
	onChange: (event: { target: { value: string } }) => void;
	'aria-invalid'?: boolean;
	'aria-describedby'?: string;
};

export const SLUG_RULE =
	'Lower-case letters, digits and single hyphens. Changing it keeps the old address working: it moves to the new one.';

export type SlugFieldProps = {
	kind: SlugKind;
	control: TextControl;
	error?: string;
	/** The slug saved now; absent for a new item (its title gives one when left blank). */
	current?: string;
};

/** "Address (slug)": the rule as help text and the public address the slug gives. */
export function SlugField({ kind, control, error, current }: SlugFieldProps) {
	const slug = control.value.trim() || current;
	const hint = `${SLUG_RULE}${current ? '' : ' Leave blank to make it from the title.'}`;
	return (
		<Field id={control.id} label="Address (slug)" error={error} hint={hint}>
			<Input
				{...control}
				maxLength={SLUG_MAX_LENGTH + 20}
				autoCapitalize="none"
				autoCorrect="off"
				spellCheck={false}
			/>
			<p className="text-xs break-all text-muted" data-address-preview>
				Public address: {slug ? slugPath(kind, slug) : 'made from the title when saved'}
			</p>
		</Field>
	);
}

export type SearchAppearanceFieldsProps = {
	title: TextControl;
	description: TextControl;
	errors: { metaTitle?: string; metaDescription?: string };
	/** What the page shows without them (its title with the site name, its own description). */
	fallback: { title: string; description: string };
};

function Counter({ length, max }: { length: number; max: number }) {
	return (
		<span className={length > max ? 'font-medium text-destructive' : undefined}>
			{length}/{max} characters
		</span>
	);
}

/** Collapsible "Search appearance": open by itself when something is set or refused in it. */
export function SearchAppearanceFields({
	title,
	description,
	errors,
	fallback,
}: SearchAppearanceFieldsProps) {
	const used =
		title.value !== '' || description.value !== '' || !!errors.metaTitle || !!errors.metaDescription;
	return (
		<details className="group rounded-md border border-border px-3 py-2" open={used || undefined}>
			<summary className="cursor-pointer rounded-sm py-1 text-sm font-medium text-ink focus-visible:outline-2 focus-visible:outline-ring/40">
				Search appearance
			</summary>
			<div className="mt-3 grid gap-4">
				<p className="text-xs text-muted">
					The title (headline) and description (snippet) search engines and link previews show. Left blank,
					the page's own are used.
				</p>
				<Field id={title.id} label="Search headline" error={errors.metaTitle}>
					<Input {...title} placeholder={fallback.title} />
					<p className="text-xs text-muted" aria-live="polite">
						<Counter length={title.value.length} max={META_TITLE_MAX_LENGTH} />
					</p>
				</Field>
				<Field id={description.id} label="Search snippet" error={errors.metaDescription}>
					<Textarea {...description} rows={3} placeholder={fallback.description} />
					<p className="text-xs text-muted" aria-live="polite">
						<Counter length={description.value.length} max={META_DESCRIPTION_MAX_LENGTH} />
					</p>
				</Field>
			</div>
		</details>
	);
}
