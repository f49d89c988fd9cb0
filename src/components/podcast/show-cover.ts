/**
 * The show's cover: a 1400 px JPEG rendered from the season artwork (podcast apps take artwork
 * only as JPEG or PNG, 1400-3000 px square), also the picture of a shared /podcast link.
 */
export const SHOW_COVER = '/images/podcast/cover.jpg';
