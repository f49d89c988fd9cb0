/**
 * A markdown field with Write and Preview tabs. The preview asks the server to render
 * (POST /api/admin/markdown-preview, the same renderMarkdown as the public pages), so the
 * editor sees exactly what visitors will, and no markdown library is shipped to the browser.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { apiRequest, failureText } from '@/lib/api-client';
import { Textarea } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { SpinnerIcon } from '@/components/ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { controlProps } from './Field';
import { FormMessage } from '@/components/ui/FormMessage';
import { imageMarkdown } from './media-upload';
import { MediaPicker } from './MediaPicker';
import { DroppedImageDialog, droppedImage } from './DroppedImage';

export type MarkdownEditorProps = {
	id: string;
	label: string;
	value: string;
	onChange: (value: string) => void;
	error?: string;
	required?: boolean;
	disabled?: boolean;
	rows?: number;
	/**
	 * What the Preview tab shows instead of the page's rendering (the newsletter shows its mail);
	 * called only while the tab is open.
	 */
	renderPreview?: (value: string) => ReactNode;
	/**
	 * Offers "Insert image" from the media library, and uploads an image file dropped on the text
	 * (not for mail, whose readers need absolute URLs).
	 */
	images?: boolean;
};

/** The text with `insert` put at the selection (replacing it), on a line of its own. */
export function insertAt(
	text: string,
	start: number,
	end: number,
	insert: string,
): { text: string; caret: number } {
	const before = text.slice(0, start);
	const after = text.slice(end);
	const lead = before === '' || before.endsWith('\n') ? '' : '\n';
	const trail = after.startsWith('\n') ? '' : '\n';
	const block = `${lead}${insert}${trail}`;
	return { text: before + block + after, caret: before.length + block.length };
}

type Preview = { source: string; html: string } | { source: string; error: string };

export function MarkdownEditor({
	id,
	label,
	value,
	onChange,
	error,
	required,
	disabled,
	rows = 12,
	renderPreview,
	images,
}: MarkdownEditorProps) {
	const [tab, setTab] = useState<'write' | 'preview'>('write');
	const [picking, setPicking] = useState(false);
	const [dropped, setDropped] = useState<File | null>(null);
	const textarea = useRef<HTMLTextAreaElement>(null);

	function insertImage(markdown: string) {
		const field = textarea.current;
		// At the caret: where the editor last was in the text (a drop does not move it).
		const start = field?.selectionStart ?? value.length;
		const end = field?.selectionEnd ?? value.length;
		const next = insertAt(value, start, end, markdown);
		onChange(next.text);
		setTab('write');
		// After React wrote the new value: the caret goes after the image.
		requestAnimationFrame(() => {
			textarea.current?.focus();
			textarea.current?.setSelectionRange(next.caret, next.caret);
		});
	}
	const [preview, setPreview] = useState<Preview | null>(null);

	// An error is fixed in the Write tab: go back there so the field can take focus.
	useEffect(() => {
		if (error) setTab('write');
	}, [error]);

	const empty = value.trim() === '';
	const current = preview?.source === value ? preview : null;
	useEffect(() => {
		if (tab !== 'preview' || empty || current || renderPreview) return;
		let live = true;
		apiRequest<{ html: string }>('POST', '/api/admin/markdown-preview', { content: value }).then(
			({ html }) => live && setPreview({ source: value, html }),
			(reason: unknown) =>
				live &&
				setPreview({
					source: value,
					error: failureText(reason, 'The preview could not be rendered.'),
				}),
		);
		return () => {
			live = false;
		};
	}, [tab, value, empty, current, renderPreview]);

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
			<Tabs value={tab} onValueChange={(next) => setTab(next as 'write' | 'preview')}>
				<div className="flex flex-wrap items-center justify-between gap-2">
					<TabsList aria-label={`${label} editor mode`}>
						<TabsTrigger value="write">Write</TabsTrigger>
						<TabsTrigger value="preview">Preview</TabsTrigger>
					</TabsList>
					{images && (
						<Button
							type="button"
							variant="outline"
							size="sm"
							disabled={disabled}
							onClick={() => setPicking(true)}
						>
							Insert image
						</Button>
					)}
				</div>
				{/* Always mounted (hidden when inactive), so the label and error focus keep working. */}
				<TabsContent value="write" forceMount hidden={tab !== 'write'} className="mt-2">
					<Textarea
						ref={textarea}
						{...controlProps(id, error)}
						value={value}
						onChange={(event) => onChange(event.target.value)}
						rows={rows}
						disabled={disabled}
						className="font-mono"
						onDragOver={(event) => {
							// Accepting the drag is what lets an image file be dropped here at all.
							if (images && event.dataTransfer.types.includes('Files')) event.preventDefault();
						}}
						onDrop={(event) => {
							const file = images ? droppedImage(event.dataTransfer.files) : null;
							if (!file) return;
							event.preventDefault();
							setDropped(file);
						}}
						placeholder="Write markdown: # Heading, **bold**, [link](https://...)"
					/>
				</TabsContent>
				<TabsContent value="preview" className="mt-2">
					{renderPreview ? (
						tab === 'preview' && renderPreview(value)
					) : (
						<div
							className="min-h-32 rounded-md border border-border bg-white p-4"
							data-testid={`${id}-preview`}
							aria-live="polite"
						>
							{empty ? (
								<p className="text-sm text-muted">Start typing in the Write tab to see the preview...</p>
							) : !current ? (
								<p className="inline-flex items-center gap-2 text-sm text-muted">
									<SpinnerIcon /> Rendering preview...
								</p>
							) : 'error' in current ? (
								<p className="text-sm text-red-800">{current.error}</p>
							) : (
								// biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by renderMarkdown (DOMPurify) on the server
								<div className="markdown" dangerouslySetInnerHTML={{ __html: current.html }} />
							)}
						</div>
					)}
				</TabsContent>
			</Tabs>
			<FormMessage id={`${id}-error`}>{error}</FormMessage>
			{images && (
				<DroppedImageDialog file={dropped} onClose={() => setDropped(null)} onInsert={insertImage} />
			)}
			{images && (
				<MediaPicker
					open={picking}
					onOpenChange={setPicking}
					onPick={(item) => insertImage(imageMarkdown(item))}
				/>
			)}
		</div>
	);
}
