/**
 * The dashboard's create-or-edit dialogs (articles, platforms) share one behaviour: the form
 * starts from the edited item each time it opens, an edit clears that field's error as soon as
 * it passes, a submit checks everything first and focuses the first refused field, a field the
 * server refuses is shown at that field, an item deleted meanwhile refreshes the list, and
 * closing with unsaved changes asks first. useFormDialog holds that state and FormDialog draws
 * the frame (title, form, Cancel and the submit button); each dialog keeps only its fields.
 */
import { useEffect, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { ApiError, failureText } from '@/lib/api-client';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@/components/ui/Dialog';
import { controlProps, focusFirstInvalid, serverFieldError, withoutFixedError } from './Field';
import { type AutosaveOptions, useAutosave } from './autosave';
import { AutosaveNotice } from './AutosaveNotice';
import { confirmDiscard, formChanged, useUnsavedChanges } from './unsaved-changes';

type FormErrors<V> = Partial<Record<keyof V, string>>;

export type FormDialogOptions<V extends Record<string, unknown>> = {
	open: boolean;
	onOpenChange: (open: boolean) => void;
	onSaved: () => void;
	/** What the form shows when it opens: the edited item's values, or the empty form. */
	initial: V;
	validate: (values: V) => FormErrors<V>;
	/** Control ids are `${idPrefix}-${field}`. */
	idPrefix: string;
	/**
	 * Sends the form, naming the updatedAt it was loaded with (or last autosaved at); answers the
	 * toast that confirms it.
	 */
	save: (values: V, expectedUpdatedAt: string | undefined) => Promise<{ title: string; description: string }>;
	/** Keeps typed text while the dialog is open (autosave.ts); absent: none kept. */
	autosave?: AutosaveOptions<V>;
	/** The toast title when saving failed for a reason not about one field. */
	failureTitle: string;
};

export function useFormDialog<V extends Record<string, unknown>>({
	open,
	onOpenChange,
	onSaved,
	initial,
	validate,
	idPrefix,
	save,
	failureTitle,
	autosave: autosaveOptions,
}: FormDialogOptions<V>) {
	const [values, setValues] = useState<V>(initial);
	const [errors, setErrors] = useState<FormErrors<V>>({});
	const [saving, setSaving] = useState(false);
	const formRef = useRef<HTMLFormElement>(null);

	useEffect(() => {
		if (!open) return;
		setValues(initial);
		setErrors({});
	}, [open, initial]);
	const dirty = open && formChanged(values, initial);
	useUnsavedChanges(dirty);
	const autosave = useAutosave(autosaveOptions, {
		active: open,
		values,
		initial,
		replace: setValues,
		canSave: (next) => Object.keys(validate(next)).length === 0,
	});
	// Closed after an autosave reached the server: the list shows the item as it was loaded.
	const wasOpen = useRef(open);
	useEffect(() => {
		if (wasOpen.current && !open && autosave.savedToServer()) onSaved();
		wasOpen.current = open;
	}, [open, autosave, onSaved]);

	const set =
		<K extends keyof V>(field: K) =>
		(value: V[K]) => {
			const next = { ...values, [field]: value };
			setValues(next);
			setErrors((shown) => withoutFixedError(shown, field, validate(next)));
		};
	/** Several fields at once (an upload fills the address, size, type and duration). */
	const patch = (changes: Partial<V>) => {
		const next = { ...values, ...changes };
		setValues(next);
		setErrors((shown) =>
			(Object.keys(changes) as (keyof V)[]).reduce(
				(kept, field) => withoutFixedError(kept, field, validate(next)),
				shown,
			),
		);
	};
	/** The props of a text control (input, textarea, select) bound to a string field. */
	const text = (field: keyof V & string) => ({
		...controlProps(`${idPrefix}-${field}`, errors[field]),
		value: values[field] as string,
		onChange: (event: { target: { value: string } }) => set(field)(event.target.value as V[typeof field]),
	});

	async function onSubmit(event: SubmitEvent) {
		event.preventDefault();
		const found = validate(values);
		setErrors(found);
		if (Object.keys(found).length > 0) {
			focusFirstInvalid(formRef.current);
			return;
		}
		setSaving(true);
		try {
			await autosave.hold();
			toast(await save(values, autosave.expectedUpdatedAt()));
			autosave.clear();
			onOpenChange(false);
			onSaved();
		} catch (error) {
			autosave.release();
			// A field refused (a taken slug is a 409 too): shown at that field.
			const atField = serverFieldError(error, Object.keys(values) as (keyof V & string)[]);
			if (atField) {
				setErrors({ [atField.field]: atField.message } as FormErrors<V>);
				focusFirstInvalid(formRef.current);
				return;
			}
			// Another editor saved meanwhile: say so in the dialog, which keeps the typed text.
			if (error instanceof ApiError && error.status === 409) {
				autosave.setConflict(error.serverMessage);
				return;
			}
			// Gone meanwhile (another editor deleted it): the list should stop showing it.
			if (error instanceof ApiError && error.status === 404) onSaved();
			toast({
				title: failureTitle,
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
		} finally {
			setSaving(false);
		}
	}

	return { values, errors, saving, dirty, formRef, set, patch, text, onSubmit, autosave };
}

export type FormDialogProps = {
	form: Pick<ReturnType<typeof useFormDialog>, 'saving' | 'dirty' | 'formRef' | 'onSubmit' | 'autosave'>;
	open: boolean;
	onOpenChange: (open: boolean) => void;
	title: string;
	description: string;
	size: 'lg' | 'xl';
	submitLabel: string;
	children: ReactNode;
};

export function FormDialog({
	form,
	open,
	onOpenChange,
	title,
	description,
	size,
	submitLabel,
	children,
}: FormDialogProps) {
	return (
		<Dialog
			open={open}
			onOpenChange={(next) => {
				// Escape, a click outside, Cancel and the corner X all come here; Save does not.
				if (form.saving || (!next && !confirmDiscard(form.dirty))) return;
				onOpenChange(next);
			}}
		>
			<DialogContent title={title} description={description} size={size}>
				<form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="grid gap-4">
					<AutosaveNotice autosave={form.autosave} />
					{children}
					<DialogFooter>
						<DialogClose asChild>
							<Button type="button" variant="outline" disabled={form.saving}>
								Cancel
							</Button>
						</DialogClose>
						<Button type="submit" loading={form.saving}>
							{submitLabel}
						</Button>
					</DialogFooter>
				</form>
			</DialogContent>
		</Dialog>
	);
}
