/**
 * The Podcast tab: every episode, drafts included, searched, filtered by status and paged by
 * the API (status-list.tsx), with add, edit and delete, as the article tabs have them.
 */
import { useState } from 'react';
import { formatDate, formatDuration } from '@/lib/format';
import { Button } from '@/components/ui/Button';
import { episodeTexts } from '@/components/podcast/episode';
import type { AdminEpisode } from './api-types';
import { ConfirmDialog } from './ConfirmDialog';
import { ContentCard, draftLabel } from './ContentCard';
import { EpisodeFormDialog } from './EpisodeFormDialog';
import { Pager } from './Pager';
import { PanelHeader } from './PanelHeader';
import { PreviewLinkButton } from './PreviewLinkButton';
import { SearchedListView } from './searched-list';
import { StatusControls, deleteListed, useStatusList } from './status-list';

const PAGE_SIZE = 10;

function EpisodeCard({
	episode,
	onEdit,
	onDelete,
}: {
	episode: AdminEpisode;
	onEdit: () => void;
	onDelete: () => void;
}) {
	return (
		<ContentCard
			testId="episode-card"
			title={episode.title}
			isPublished={episode.isPublished}
			draftLabel={draftLabel(episode.publishAt)}
			facts={[
				episodeTexts(episode).badge,
				formatDuration(episode.duration),
				`by ${episode.author?.name ?? 'Unknown author'}`,
			]}
			// Episodes have no page of their own: a published one's card on /podcast.
			viewHref={episode.isPublished ? `/podcast#episode-${episode.id}` : null}
			summary={episode.description}
			tags={episode.tags}
			dates={`${episode.isPublished ? 'Published' : 'Created'} ${formatDate(episode.publishedAt)}`}
			extraActions={
				!episode.isPublished && <PreviewLinkButton type="episode" id={episode.id} title={episode.title} />
			}
			onEdit={onEdit}
			onDelete={onDelete}
		/>
	);
}

export default function PodcastTab() {
	const listed = useStatusList<AdminEpisode>('/api/podcasts/all', PAGE_SIZE);
	const { list, status, offset } = listed;
	const [formOpen, setFormOpen] = useState(false);
	const [editing, setEditing] = useState<AdminEpisode | null>(null);
	const [deleting, setDeleting] = useState<AdminEpisode | null>(null);
	const episodes = list.data ?? [];

	function openForm(episode: AdminEpisode | null) {
		setEditing(episode);
		setFormOpen(true);
	}

	const remove = (episode: AdminEpisode) =>
		deleteListed(listed, `/api/podcasts/${episode.id}`, {
			done: { title: 'Podcast episode deleted', description: `"${episode.title}" was removed.` },
			failureTitle: 'Failed to delete podcast episode',
		});

	return (
		<section aria-labelledby="podcast-episodes-heading">
			<PanelHeader
				id="podcast-episodes-heading"
				title="Podcast Episodes"
				description="Drafts and published episodes, newest first."
			>
				<Button onClick={() => openForm(null)}>Add Episode</Button>
			</PanelHeader>
			<SearchedListView
				searched={listed}
				searchId="podcast-search"
				searchLabel="Search podcast episodes"
				placeholder="Search title, description or tags..."
				what="episodes"
				isEmpty={episodes.length === 0}
				emptyText={(query) =>
					query
						? 'No episodes match your search.'
						: status
							? `No ${status === 'draft' ? 'drafts' : 'published episodes'} here.`
							: 'No podcast episodes yet.'
				}
				controls={
					<StatusControls
						listed={listed}
						idPrefix="podcast"
						totalTestId="episode-total"
						count={(total) => (total === 1 ? '1 episode' : `${total} episodes`)}
					/>
				}
			>
				<div className="grid gap-4">
					{episodes.map((episode) => (
						<EpisodeCard
							key={episode.id}
							episode={episode}
							onEdit={() => openForm(episode)}
							onDelete={() => setDeleting(episode)}
						/>
					))}
				</div>
			</SearchedListView>
			<Pager
				offset={offset}
				pageSize={PAGE_SIZE}
				count={episodes.length}
				total={list.total}
				label="Podcast episodes"
				onChange={listed.setOffset}
			/>
			<EpisodeFormDialog open={formOpen} onOpenChange={setFormOpen} episode={editing} onSaved={list.reload} />
			<ConfirmDialog
				open={deleting !== null}
				onOpenChange={(open) => !open && setDeleting(null)}
				title="Delete podcast episode"
				description={
					deleting && `Are you sure you want to delete "${deleting.title}"? This action cannot be undone.`
				}
				confirmLabel="Delete"
				destructive
				onConfirm={() => (deleting ? remove(deleting) : Promise.resolve(true))}
			/>
		</section>
	);
}
