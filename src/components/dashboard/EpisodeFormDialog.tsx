/** Create or edit a podcast episode in a dialog. */
import { useMemo } from 'react';
import { RevisionHistoryButton } from '@/components/revisions/RevisionHistory';
import { apiRequest } from '@/lib/api-client';
import { EPISODE_AUDIO_TYPES } from '@/lib/validation/episodes';
import { Input, inputClasses } from '@/components/ui/Input';
import type { AdminEpisode } from './api-types';
import {
	EMPTY_EPISODE_FORM,
	episodePayload,
	episodeToForm,
	validateEpisodeForm,
	type EpisodeFormValues,
} from './episode-form';
import { AudioUpload } from './AudioUpload';
import { autosaveKey, draftAutosave } from './autosave';
import { Field } from './Field';
import { ImageUrlField } from './ImageUrlField';
import { FormDialog, useFormDialog } from './FormDialog';
import { MarkdownEditor } from './MarkdownEditor';
import { PublicationFields } from './PublishSwitch';
import { SearchAppearanceFields, SlugField } from './SearchAppearanceFields';
import { searchAppearance } from '@/lib/search-appearance';

export type EpisodeFormDialogProps = {
	open: boolean;
	onOpenChange: (open: boolean) => void;
	/** The episode to edit; null creates one. */
	episode: AdminEpisode | null;
	onSaved: () => void;
};

const idPrefix = 'episode';

export function EpisodeFormDialog({ open, onOpenChange, episode, onSaved }: EpisodeFormDialogProps) {
	const editing = episode !== null;
	const action = editing ? 'update' : 'create';
	const initial = useMemo(() => (episode ? episodeToForm(episode) : EMPTY_EPISODE_FORM), [episode]);

	const form = useFormDialog<EpisodeFormValues>({
		open,
		onOpenChange,
		onSaved,
		initial,
		validate: validateEpisodeForm,
		idPrefix,
		failureTitle: `Failed to ${action} podcast episode`,
		autosave: {
			key: autosaveKey('episode', episode?.id ?? null),
			updatedAt: episode?.updatedAt ?? null,
			saveDraft:
				episode && !episode.isPublished
					? (values, expectedUpdatedAt) =>
							apiRequest<AdminEpisode>('PUT', `/api/podcasts/${episode.id}`, {
								...draftAutosave(episodePayload(values), episode),
								expectedUpdatedAt,
								autosave: true,
							})
					: undefined,
		},
		async save(values, expectedUpdatedAt) {
			const body = episodePayload(values);
			if (episode) await apiRequest('PUT', `/api/podcasts/${episode.id}`, { ...body, expectedUpdatedAt });
			else await apiRequest('POST', '/api/podcasts', body);
			return { title: `Podcast episode ${action}d`, description: `"${body.title}" was saved.` };
		},
	});
	const { values, errors, set, text } = form;

	return (
		<FormDialog
			form={form}
			open={open}
			onOpenChange={onOpenChange}
			title={editing ? 'Edit Episode' : 'Add Episode'}
			description={
				editing ? 'Change the episode and save it.' : 'Add an episode; publish it now or keep it as a draft.'
			}
			size="xl"
			submitLabel={editing ? 'Update Episode' : 'Create Episode'}
		>
			<Field id={`${idPrefix}-title`} label="Title" required error={errors.title}>
				<Input {...text('title')} maxLength={200} />
			</Field>
			<MarkdownEditor
				id={`${idPrefix}-description`}
				label="Description"
				required
				rows={6}
				value={values.description}
				onChange={set('description')}
				error={errors.description}
				images
			/>
			<Field
				id={`${idPrefix}-audioUrl`}
				label="Audio URL"
				required
				error={errors.audioUrl}
				hint="An http(s) URL of the audio file, or a path on this site such as /audio/episode-1.mp3."
			>
				<Input {...text('audioUrl')} inputMode="url" />
			</Field>
			<AudioUpload
				onUploaded={(audio) =>
					form.patch({
						audioUrl: audio.url,
						audioBytes: String(audio.bytes),
						audioType: audio.type,
						duration: String(audio.durationMinutes),
					})
				}
			/>
			<div className="grid gap-4 sm:grid-cols-2">
				<Field
					id={`${idPrefix}-audioBytes`}
					label="Audio size (bytes)"
					error={errors.audioBytes}
					hint="For the podcast feed. Optional for this site's own audio; estimated when left blank."
				>
					<Input {...text('audioBytes')} type="number" min={1} step={1} inputMode="numeric" />
				</Field>
				<Field
					id={`${idPrefix}-audioType`}
					label="Audio type"
					error={errors.audioType}
					hint="For the podcast feed."
				>
					<select {...text('audioType')} className={inputClasses}>
						<option value="">From the file name</option>
						{EPISODE_AUDIO_TYPES.map((type) => (
							<option key={type} value={type}>
								{type}
							</option>
						))}
					</select>
				</Field>
			</div>
			<div className="grid gap-4 sm:grid-cols-3">
				<Field id={`${idPrefix}-duration`} label="Duration (minutes)" required error={errors.duration}>
					<Input {...text('duration')} type="number" min={1} max={1440} step={1} inputMode="numeric" />
				</Field>
				<Field id={`${idPrefix}-episodeNumber`} label="Episode number" required error={errors.episodeNumber}>
					<Input {...text('episodeNumber')} type="number" min={1} step={1} inputMode="numeric" />
				</Field>
				<Field
					id={`${idPrefix}-seasonNumber`}
					label="Season number"
					error={errors.seasonNumber}
					hint="1 if left blank."
				>
					<Input {...text('seasonNumber')} type="number" min={1} step={1} inputMode="numeric" />
				</Field>
			</div>
			<ImageUrlField
				id={`${idPrefix}-imageUrl`}
				label="Image URL"
				purpose="episode image"
				error={errors.imageUrl}
				hint="Optional. An http(s) URL, a path such as /images/podcast/cover.jpg, or an image from the library."
				input={text('imageUrl')}
				onChoose={set('imageUrl')}
			/>
			<Field
				id={`${idPrefix}-tags`}
				label="Tags"
				error={errors.tags}
				hint="Comma-separated, e.g. retail media, measurement."
			>
				<Input {...text('tags')} />
			</Field>
			<PublicationFields idPrefix={idPrefix} form={form} />
			<SlugField kind="episode" control={text('slug')} error={errors.slug} current={episode?.slug} />
			<SearchAppearanceFields
				title={text('metaTitle')}
				description={text('metaDescription')}
				errors={errors}
				fallback={searchAppearance({
					title: values.title || 'Episode title',
					description: values.description,
				})}
			/>
			{episode && (
				<RevisionHistoryButton
					type="episode"
					id={episode.id}
					title={episode.title}
					onRestored={() => {
						onOpenChange(false);
						onSaved();
					}}
				/>
			)}
		</FormDialog>
	);
}
