/**
 * The Newsletter tab: write an issue (subject and markdown with Write/Preview, the preview being
 * the mail itself at desktop and phone widths), start it from
 * the articles published since the last issue, send a test to oneself, and Send behind a
 * confirmation that names how many subscribers it will reach. Below, every issue with its
 * state and delivery counts, and a sent one's link clicks; the list refreshes itself while an
 * issue is still sending.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { NewsletterIssue, StarterDraft } from '@/server/newsletter/issues';
import { apiRequest, failureText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { newsletterIssueSchema } from '@/lib/validation/newsletter';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import { FormMessage } from '@/components/ui/FormMessage';
import type { Wire } from '@/lib/wire';
import { Badge, type BadgeTone } from './Badge';
import { ConfirmDialog } from './ConfirmDialog';
import { controlProps, Field, focusFirstInvalid, serverFieldError } from './Field';
import { IssueLinks } from './IssueLinks';
import { LoadError } from './LoadError';
import { MailPreview } from './MailPreview';
import { MarkdownEditor } from './MarkdownEditor';
import { PanelHeader } from './PanelHeader';
import { SubscribersPanel } from './SubscribersPanel';
import { SuppressedAddresses } from './SuppressedAddresses';
import { confirmDiscard, useUnsavedChanges } from './unsaved-changes';
import { useApiData } from './use-api-data';
import { SlugField } from './SearchAppearanceFields';

type Issue = Wire<NewsletterIssue>;
type IssueList = { issues: Issue[]; subscribers: number };

type ShownStatus = Issue['status'] | 'scheduled';
const STATUS_TONES: Record<ShownStatus, BadgeTone> = {
	draft: 'neutral',
	scheduled: 'brand',
	sending: 'warning',
	sent: 'success',
};
/** A scheduled issue is a draft with a send time. */
const shownStatus = (issue: Issue): ShownStatus =>
	issue.status === 'draft' && issue.sendAt ? 'scheduled' : issue.status;

/** A time as a datetime-local field shows it (the browser's own time zone). */
function localInputValue(iso: string | null): string {
	if (!iso) return '';
	const date = new Date(iso);
	const pad = (n: number) => String(n).padStart(2, '0');
	return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
const BASE = '/api/admin/newsletters';
const FIELDS = ['subject', 'content', 'slug'] as const;
type FieldName = (typeof FIELDS)[number];
type Draft = Record<FieldName, string>;
const EMPTY_DRAFT: Draft = { subject: '', content: '', slug: '' };

function plural(count: number, word: string): string {
	return `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
}

export default function NewsletterTab() {
	const list = useApiData<IssueList>(BASE);
	const [editingId, setEditingId] = useState<number | null>(null);
	const [subject, setSubject] = useState('');
	const [content, setContent] = useState('');
	const [slug, setSlug] = useState('');
	// What the form held when it was opened or last saved: typing away from it is unsaved work.
	const [loaded, setLoaded] = useState<Draft>(EMPTY_DRAFT);
	const [errors, setErrors] = useState<Partial<Draft>>({});
	const [problem, setProblem] = useState('');
	const formRef = useRef<HTMLFormElement>(null);
	const [busy, setBusy] = useState<'save' | 'starter' | 'test' | 'schedule' | null>(null);
	const [sendAt, setSendAt] = useState('');
	const [confirming, setConfirming] = useState(false);
	const [deleting, setDeleting] = useState<Issue | null>(null);

	const sending = list.data?.issues.some((issue) => issue.status === 'sending') ?? false;
	const { reload } = list;
	useEffect(() => {
		if (!sending) return;
		const timer = setInterval(reload, 2000);
		return () => clearInterval(timer);
	}, [sending, reload]);

	const dirty = subject !== loaded.subject || content !== loaded.content || slug !== loaded.slug;
	// Switching tabs, View Site and leaving the page ask first, as the article dialog does.
	useUnsavedChanges(dirty);

	/** Puts an issue (or an empty one) in the form, as its saved state. */
	function load(issue: Issue | null) {
		const draft = issue ? { subject: issue.subject, content: issue.content, slug: issue.slug } : EMPTY_DRAFT;
		setEditingId(issue?.id ?? null);
		setSendAt(localInputValue(issue?.sendAt ?? null));
		setSubject(draft.subject);
		setContent(draft.content);
		setSlug(draft.slug);
		setLoaded(draft);
		setErrors({});
		setProblem('');
	}

	/** Another issue, or a new one, in the form: asks first when the form has unsaved work. */
	function edit(issue: Issue | null) {
		if (confirmDiscard(dirty)) load(issue);
	}

	const change = (field: FieldName, set: (value: string) => void) => (value: string) => {
		set(value);
		setErrors((current) => ({ ...current, [field]: undefined }));
	};

	/**
	 * Checks the subject and content with the API's own rules and shows what is wrong at the
	 * fields, focusing the first; true when both are fine.
	 */
	function validate(): boolean {
		const parsed = newsletterIssueSchema.safeParse({ subject, content, slug });
		if (parsed.success) {
			setErrors({});
			return true;
		}
		const found: Partial<Draft> = {};
		for (const issue of parsed.error.issues) {
			const field = issue.path[0] as FieldName;
			found[field] ??= issue.message;
		}
		setErrors(found);
		focusFirstInvalid(formRef.current);
		return false;
	}

	/** Saves the form as a draft (new or existing); answers the issue, or null after showing why not. */
	async function save(): Promise<Issue | null> {
		setProblem('');
		if (!validate()) return null;
		try {
			const body = { subject, content, slug };
			const issue =
				editingId === null
					? await apiRequest<Issue>('POST', BASE, body)
					: await apiRequest<Issue>('PUT', `${BASE}/${editingId}`, body);
			setEditingId(issue.id);
			setSlug(issue.slug);
			setLoaded({ ...body, slug: issue.slug });
			list.reload();
			return issue;
		} catch (error) {
			const refused = serverFieldError(error, FIELDS);
			if (refused) {
				setErrors({ [refused.field]: refused.message });
				focusFirstInvalid(formRef.current);
			} else setProblem(failureText(error, 'The draft could not be saved.'));
			return null;
		}
	}

	async function withBusy(kind: 'save' | 'starter' | 'test' | 'schedule', work: () => Promise<void>) {
		setBusy(kind);
		try {
			await work();
		} finally {
			setBusy(null);
		}
	}

	const onSubmit = (event: SubmitEvent) => {
		event.preventDefault();
		void withBusy('save', async () => {
			if (await save()) toast({ title: 'Draft saved' });
		});
	};

	const startFromArticles = () =>
		withBusy('starter', async () => {
			try {
				const draft = await apiRequest<Wire<StarterDraft>>('GET', `${BASE}/recent-articles`);
				if (draft.articleCount === 0) {
					// Nothing to add: say so, and leave what was typed as it is.
					toast({
						title: 'No new articles',
						description: `Nothing was published since ${formatDateTime(draft.since)}.`,
					});
					return;
				}
				if (!subject.trim()) change('subject', setSubject)(draft.subject);
				change(
					'content',
					setContent,
				)(content.trim() ? `${content.trimEnd()}\n\n${draft.content}` : draft.content);
				toast({
					title: 'Articles added',
					description: `${plural(draft.articleCount, 'article')} published since ${formatDateTime(draft.since)}.`,
				});
			} catch (error) {
				setProblem(failureText(error, 'The recent articles could not be loaded.'));
			}
		});

	const sendTest = () =>
		withBusy('test', async () => {
			const issue = await save();
			if (!issue) return;
			try {
				const { message } = await apiRequest<{ message: string }>('POST', `${BASE}/${issue.id}/test`);
				toast({ title: 'Test mail sent', description: message });
			} catch (error) {
				setProblem(failureText(error, 'The test mail could not be sent.'));
			}
		});

	/** Saves the draft, then schedules it for the time in the field (the browser's time zone). */
	const schedule = () =>
		withBusy('schedule', async () => {
			if (!sendAt) {
				setProblem('Choose when to send the issue.');
				return;
			}
			const issue = await save();
			if (!issue) return;
			try {
				const scheduled = await apiRequest<Issue>('POST', `${BASE}/${issue.id}/schedule`, {
					sendAt: new Date(sendAt).toISOString(),
				});
				toast({
					title: 'Issue scheduled',
					description: `"${scheduled.subject}" will be sent ${formatDateTime(scheduled.sendAt!)}.`,
				});
				load(null);
				list.reload();
			} catch (error) {
				setProblem(failureText(error, 'The issue could not be scheduled.'));
			}
		});

	async function cancelScheduled(issue: Issue) {
		try {
			await apiRequest('DELETE', `${BASE}/${issue.id}/schedule`);
			if (editingId === issue.id) setSendAt('');
			toast({ title: 'Schedule cancelled', description: `"${issue.subject}" is a draft again.` });
			list.reload();
		} catch (error) {
			toast({
				title: 'Failed to cancel the schedule',
				description: failureText(error, 'Please try again.'),
				variant: 'destructive',
			});
		}
	}

	async function send(): Promise<boolean> {
		const issue = await save();
		if (!issue) return false;
		try {
			await apiRequest('POST', `${BASE}/${issue.id}/send`);
			toast({ title: 'Sending started', description: `"${issue.subject}" is on its way.` });
			load(null);
			list.reload();
			return true;
		} catch (error) {
			setProblem(failureText(error, 'The issue could not be sent.'));
			return false;
		}
	}

	async function remove(issue: Issue): Promise<boolean> {
		try {
			await apiRequest('DELETE', `${BASE}/${issue.id}`);
			if (editingId === issue.id) load(null);
			list.reload();
			toast({ title: 'Draft deleted' });
			return true;
		} catch (error) {
			toast({
				title: 'Failed to delete the draft',
				description: failureText(error, 'Please try again.'),
				variant: 'destructive',
			});
			return false;
		}
	}

	const subscribers = list.data?.subscribers ?? 0;
	return (
		<section aria-labelledby="newsletter-heading">
			<PanelHeader
				id="newsletter-heading"
				title="Newsletter"
				description={`Write the weekly briefing and send it to ${plural(subscribers, 'subscriber')}.`}
			>
				{editingId !== null && (
					<Button variant="outline" onClick={() => edit(null)}>
						New issue
					</Button>
				)}
			</PanelHeader>
			<form
				ref={formRef}
				className="mb-8 grid gap-4 rounded-lg border border-border bg-surface p-4"
				onSubmit={onSubmit}
				noValidate
			>
				<Field id="newsletter-subject" label="Subject" required error={errors.subject}>
					<Input
						{...controlProps('newsletter-subject', errors.subject)}
						value={subject}
						onChange={(e) => change('subject', setSubject)(e.target.value)}
						maxLength={200}
					/>
				</Field>
				<MarkdownEditor
					id="newsletter-content"
					label="Content"
					value={content}
					onChange={change('content', setContent)}
					error={errors.content}
					required
					rows={14}
					renderPreview={(value) => <MailPreview subject={subject} content={value} />}
				/>
				<SlugField
					kind="newsletter-issue"
					control={{
						...controlProps('newsletter-slug', errors.slug),
						value: slug,
						onChange: (e) => change('slug', setSlug)(e.target.value),
					}}
					error={errors.slug}
					current={editingId === null ? undefined : loaded.slug}
				/>
				<FormMessage id="newsletter-problem">{problem}</FormMessage>
				<div className="flex flex-wrap gap-2">
					<Button
						type="button"
						variant="outline"
						loading={busy === 'starter'}
						onClick={() => void startFromArticles()}
					>
						Start from this week&apos;s articles
					</Button>
					<Button type="submit" variant="outline" loading={busy === 'save'}>
						Save draft
					</Button>
					<Button type="button" variant="outline" loading={busy === 'test'} onClick={() => void sendTest()}>
						Send test to me
					</Button>
					<Button type="button" onClick={() => validate() && setConfirming(true)} disabled={busy !== null}>
						Send…
					</Button>
				</div>
				<div className="flex flex-wrap items-end gap-2">
					<div className="grid gap-1.5">
						<label htmlFor="newsletter-send-at" className="text-sm font-medium text-ink">
							Send at (your time)
						</label>
						<Input
							id="newsletter-send-at"
							type="datetime-local"
							value={sendAt}
							onChange={(e) => setSendAt(e.target.value)}
							className="w-auto"
						/>
					</div>
					<Button
						type="button"
						variant="outline"
						loading={busy === 'schedule'}
						onClick={() => void schedule()}
					>
						Schedule
					</Button>
				</div>
			</form>

			<h3 className="mb-3 text-lg font-semibold text-ink">Issues</h3>
			{list.error && !list.data ? (
				<LoadError what="the issues" error={list.error} onRetry={list.reload} />
			) : !list.data ? (
				<Spinner label="Loading issues..." />
			) : list.data.issues.length === 0 ? (
				<p className="rounded-lg border border-dashed border-border bg-surface p-8 text-center text-muted">
					No issues yet.
				</p>
			) : (
				<ul className="grid gap-3" aria-label="Newsletter issues">
					{list.data.issues.map((issue) => (
						<li
							key={issue.id}
							className="rounded-lg border border-border bg-surface p-4"
							data-issue-id={issue.id}
						>
							<div className="flex flex-wrap items-center justify-between gap-2">
								<div className="flex items-center gap-2">
									<span className="font-medium text-ink">{issue.subject}</span>
									<Badge tone={STATUS_TONES[shownStatus(issue)]}>{shownStatus(issue)}</Badge>
								</div>
								{issue.status === 'draft' && (
									<div className="flex gap-2">
										<Button
											size="sm"
											variant="outline"
											onClick={() => edit(issue)}
											aria-label={`Edit ${issue.subject}`}
										>
											Edit
										</Button>
										{issue.sendAt && (
											<Button
												size="sm"
												variant="outline"
												onClick={() => void cancelScheduled(issue)}
												aria-label={`Cancel the schedule of ${issue.subject}`}
											>
												Cancel schedule
											</Button>
										)}
										<Button
											size="sm"
											variant="outline"
											onClick={() => setDeleting(issue)}
											aria-label={`Delete ${issue.subject}`}
										>
											Delete
										</Button>
									</div>
								)}
							</div>
							<p className="mt-1 text-sm text-muted">
								Created {formatDateTime(issue.createdAt)}
								{issue.status === 'draft' &&
									issue.sendAt &&
									` · Scheduled for ${formatDateTime(issue.sendAt)}`}
								{issue.sendStartedAt && ` · Sending started ${formatDateTime(issue.sendStartedAt)}`}
								{issue.sentAt && ` · Completed ${formatDateTime(issue.sentAt)}`}
							</p>
							{issue.status !== 'draft' && (
								<p className="mt-1 text-sm text-ink" data-testid="issue-counts">
									Recipients {issue.counts.recipients} · Queued {issue.counts.queued} · Sent{' '}
									{issue.counts.sent} · Failed {issue.counts.failed}
									{issue.counts.skipped > 0 && ` · Skipped ${issue.counts.skipped}`} · Unsubscribed since{' '}
									{issue.counts.unsubscribedSince}
								</p>
							)}
							{issue.status !== 'draft' && <IssueLinks issueId={issue.id} subject={issue.subject} />}
						</li>
					))}
				</ul>
			)}

			<SubscribersPanel />
			<SuppressedAddresses />

			<ConfirmDialog
				open={confirming}
				onOpenChange={setConfirming}
				title="Send this issue"
				description={`"${subject.trim() || 'Untitled'}" will go to ${plural(subscribers, 'subscriber')} now. A sent issue cannot be changed or sent again.`}
				confirmLabel={`Send to ${plural(subscribers, 'subscriber')}`}
				onConfirm={send}
			/>
			<ConfirmDialog
				open={deleting !== null}
				onOpenChange={(open) => !open && setDeleting(null)}
				title="Delete draft"
				description={deleting && `Delete the draft "${deleting.subject}"? This cannot be undone.`}
				confirmLabel="Delete"
				destructive
				onConfirm={() => (deleting ? remove(deleting) : Promise.resolve(true))}
			/>
		</section>
	);
}
