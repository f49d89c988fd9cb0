import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';
import { FormMessage } from '@/components/ui/FormMessage';
import { Label } from '@/components/ui/Label';

/** Props that tie a control to its label and inline error (spread onto Input/Textarea/select). */
export function controlProps(id: string, error?: string) {
	return {
		id,
		'aria-invalid': error ? true : undefined,
		'aria-describedby': error ? `${id}-error` : undefined,
	} as const;
}

export type FieldProps = {
	id: string;
	label: string;
	/** Marks the label; the form checks the rule itself. */
	required?: boolean;
	error?: string;
	hint?: string;
	children: ReactNode;
};

/** Label, control and inline error of one form field. */
export function Field({ id, label, required, error, hint, children }: FieldProps) {
	return (
		<div className="grid content-start gap-1.5">
			<Label htmlFor={id}>
				{label}
				{required && (
					<span className="text-destructive" aria-hidden="true">
						{' '}
						*
					</span>
				)}
			</Label>
			{children}
			{hint && !error && <p className="text-xs text-muted">{hint}</p>}
			<FormMessage id={`${id}-error`}>{error}</FormMessage>
		</div>
	);
}

/**
 * The shown errors after an edit of `field`, given what validating the edited form finds: the
 * field's error goes as soon as its value passes. New errors wait for the next submit, so none
 * appears while someone is still typing.
 */
export function withoutFixedError<E extends Partial<Record<string, string>>>(
	shown: E,
	field: keyof E,
	found: E,
): E {
	if (!shown[field] || found[field]) return shown;
	const next = { ...shown };
	delete next[field];
	return next;
}

/** Focuses the first control with aria-invalid inside `form` (after a failed submit). */
export function focusFirstInvalid(form: HTMLElement | null): void {
	// Called beside the setErrors that marks the field: React may commit that render a few frames
	// later on a busy machine (it yields between slices), so look again on each frame until the
	// marked field is there.
	let frames = 0;
	const attempt = () => {
		const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
		if (field) field.focus();
		// biome-ignore lint/suspicious/noAssignInExpressions: counts the frames tried while the form is still there
		else if (form?.isConnected && (frames += 1) < MAX_FOCUS_FRAMES) requestAnimationFrame(attempt);
	};
	requestAnimationFrame(attempt);
}

/** How many frames focusFirstInvalid waits for the marked field (about a second at 60 Hz). */
const MAX_FOCUS_FRAMES = 60;

/**
 * A server refusal about one of the form's own fields (named by X-Invalid-Field), to show at
 * that field rather than in a toast; null for anything else (the caller toasts those).
 * A nested path ("tags.0") belongs to its top-level field.
 */
export function serverFieldError<F extends string>(
	error: unknown,
	fields: readonly F[],
): { field: F; message: string } | null {
	if (!(error instanceof ApiError) || !error.field) return null;
	const field = error.field.split('.')[0] as F;
	return fields.includes(field) ? { field, message: error.serverMessage } : null;
}
