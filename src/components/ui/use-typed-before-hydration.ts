import { useState, type Dispatch, type SetStateAction } from 'react';

/**
 * State for the field with this id that starts from the text a reader typed while the island's
 * code was still loading (islands that hydrate on interaction load while the reader types, and
 * the server-rendered field already took the text).
 *
 * The text is read when the state is created, during hydration itself, not in an effect after
 * it: a click held until hydration is given again at once, and React hydrates synchronously to
 * handle it, before any effect has run, so a submit handler must already see the text. React does
 * not compare a field's value while hydrating, so this first render does not mismatch the server's.
 */
export function useTypedBeforeHydration(id: string): [string, Dispatch<SetStateAction<string>>] {
	return useState(() => {
		if (typeof document === 'undefined') return '';
		const field = document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | null;
		return field?.value ?? '';
	});
}
