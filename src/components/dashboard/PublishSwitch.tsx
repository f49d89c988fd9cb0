import { Label } from '@/components/ui/Label';
import { Switch } from '@/components/ui/Switch';

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
