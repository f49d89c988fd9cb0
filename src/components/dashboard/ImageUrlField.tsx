/**
 * An image address field (a platform's logo, an article's or episode's cover) with "Choose from
 * library" beside it: the chosen library image's URL fills the field, and an external URL typed
 * by hand keeps working.
 */
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Field, type controlProps } from './Field';
import { MediaPicker } from './MediaPicker';

export type ImageUrlFieldProps = {
	id: string;
	label: string;
	/** What the image is, for the picker's title and the button's name ('logo', 'cover image'). */
	purpose: string;
	error?: string;
	hint?: string;
	/** The form's props for the text input (id, value, onChange and the error's aria). */
	input: ReturnType<typeof controlProps> & {
		value: string;
		onChange: (event: { target: { value: string } }) => void;
	};
	/** Sets the field's value to a chosen image's URL. */
	onChoose: (url: string) => void;
};

export function ImageUrlField({ id, label, purpose, error, hint, input, onChoose }: ImageUrlFieldProps) {
	const [picking, setPicking] = useState(false);
	return (
		<Field id={id} label={label} error={error} hint={hint}>
			<div className="flex gap-2">
				<Input {...input} inputMode="url" className="min-w-0 flex-1" />
				<Button
					type="button"
					variant="outline"
					onClick={() => setPicking(true)}
					aria-label={`Choose from library: ${purpose}`}
				>
					Choose from library
				</Button>
			</div>
			<MediaPicker
				open={picking}
				onOpenChange={setPicking}
				title={`Choose the ${purpose}`}
				onPick={(item) => onChoose(item.url)}
			/>
		</Field>
	);
}
