import { useEffect } from 'react';

/**
 * Text a reader typed into the field with this id while its island's code was still loading:
 * the server-rendered field already took it, so it is handed to the island's state once the
 * island runs (islands that hydrate on interaction load while the reader types).
 */
export function useTypedBeforeHydration(id: string, setValue: (value: string) => void): void {
	useEffect(() => {
		const field = document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | null;
		if (field?.value) setValue(field.value);
		// Once, after hydration: later typing goes through the field's own onChange.
	}, []);
}
