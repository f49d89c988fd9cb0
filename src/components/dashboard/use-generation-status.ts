/**
 * The site generation status for the Overview: loaded once, polled every 2 s while a
 * generation runs or waits (an editor screen, so polling is fine here), and the action that regenerates every page.
 */
import { useCallback, useEffect, useState } from 'react';
import { apiRequest, failureText } from '@/lib/api-client';
import { toast } from '@/stores/toast';
import type { GenerationStatus } from './api-types';

const POLL_MS = 2000;
const PATH = '/api/admin/site-build';

const isBusy = (status: GenerationStatus | undefined) => !!status && (status.running || status.queued > 0);

export function useGenerationStatus() {
	const [status, setStatus] = useState<GenerationStatus>();
	const [error, setError] = useState<unknown>(null);
	const [starting, setStarting] = useState(false);

	const refresh = useCallback(async () => {
		try {
			setStatus(await apiRequest<GenerationStatus>('GET', PATH));
			setError(null);
		} catch (reason) {
			setError(reason);
		}
	}, []);

	useEffect(() => {
		void refresh();
	}, [refresh]);

	const busy = isBusy(status);
	useEffect(() => {
		if (!busy) return;
		const timer = setInterval(() => void refresh(), POLL_MS);
		return () => clearInterval(timer);
	}, [busy, refresh]);

	async function regenerate() {
		setStarting(true);
		try {
			const answer = await apiRequest<{ message: string; status: GenerationStatus }>('POST', PATH);
			// The answer may predate the generator picking the job up; poll from "running".
			setStatus({ ...answer.status, running: true });
			toast({
				title: 'Site rebuild started',
				description: 'Every public page is being generated again.',
			});
		} catch (reason) {
			toast({
				title: 'Failed to start site rebuild',
				description: failureText(reason, 'Please try again.'),
				variant: 'destructive',
			});
		} finally {
			setStarting(false);
		}
	}

	return { status, error, busy, starting, regenerate, refresh };
}
