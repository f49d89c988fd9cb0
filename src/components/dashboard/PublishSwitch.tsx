import { Label } from '@/components/ui/Label';
import { Switch } from '@/components/ui/Switch';

/** The Publish switch of the article and episode forms, with what it means beside it. */
export function PublishSwitch({
	id,
	checked,
	onCheckedChange,
}: {
	id: string;
	checked: boolean;
	onCheckedChange: (checked: boolean) => void;
}) {
	return (
		<div className="flex items-center gap-3">
			<Switch id={id} checked={checked} onCheckedChange={onCheckedChange} />
			<Label htmlFor={id}>Publish</Label>
			<span className="text-sm text-muted">{checked ? 'Visible on the site' : 'Saved as a draft'}</span>
		</div>
	);
}
