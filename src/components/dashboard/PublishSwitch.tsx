import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { Switch } from '@/components/ui/Switch';
import { type controlProps, Field } from './Field';

/** The Publish switch of the article and episode forms, with what it means beside it. */
export function PublishSwitch({
	id,
	checked,
	onCheckedChange,
	scheduled = false,
}: {
	id: string;
	checked: boolean;
	onCheckedChange: (checked: boolean) => void;
	/** An unpublished item with a publishing time: it goes public then. */
	scheduled?: boolean;
}) {
	return (
		<div className="flex items-center gap-3">
			<Switch id={id} checked={checked} onCheckedChange={onCheckedChange} />
			<Label htmlFor={id}>Publish</Label>
			<span className="text-sm text-muted">
				{checked
					? 'Visible on the site'
					: scheduled
						? 'Scheduled: goes public at the time below'
						: 'Saved as a draft'}
			</span>
		</div>
	);
}

type PublicationForm = {
	values: { isPublished: boolean; publishAt: string };
	errors: { publishAt?: string };
	set: (field: 'isPublished') => (checked: boolean) => void;
	text: (field: 'publishAt') => ReturnType<typeof controlProps> & {
		value: string;
		onChange: (event: { target: { value: string } }) => void;
	};
};

/**
 * The article and episode forms' publication: the Publish switch, and for a draft the time it
 * goes public by itself (cleared: unscheduled).
 */
export function PublicationFields({ idPrefix, form }: { idPrefix: string; form: PublicationForm }) {
	const { values, errors, set, text } = form;
	return (
		<>
			<PublishSwitch
				id={`${idPrefix}-isPublished`}
				checked={values.isPublished}
				onCheckedChange={set('isPublished')}
				scheduled={Boolean(values.publishAt)}
			/>
			{!values.isPublished && (
				<Field
					id={`${idPrefix}-publishAt`}
					label="Publish at"
					error={errors.publishAt}
					hint="Your local time. Leave empty to keep a draft; clear it to unschedule."
				>
					<Input {...text('publishAt')} type="datetime-local" />
				</Field>
			)}
		</>
	);
}
