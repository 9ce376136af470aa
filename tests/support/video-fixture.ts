/**
 * The video sections tests/project/video-section.test.ts adds to a copy of the project (the site's own pages have
 * no video), and that tests/e2e/video.spec.ts then plays in that copy's build.
 */
export const videoFixtures = {
  youtube: {
    file: 'content/services/installation.mdx',
    path: '/services/installation',
    // Shared from 0:30 with YouTube's "Start at": the player and the link start there too.
    url: 'https://youtu.be/dQw4w9WgXcQ?si=shared&t=30',
    videoTitle: 'How we install a server rack',
    provider: 'YouTube',
    embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&start=30',
    watchUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=30s',
    frameOrigin: 'https://www.youtube-nocookie.com',
  },
  vimeo: {
    file: 'content/services/data-migration.mdx',
    path: '/services/data-migration',
    url: 'https://vimeo.com/76979871',
    videoTitle: 'A data migration weekend in ten minutes',
    provider: 'Vimeo',
    embedUrl: 'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1',
    watchUrl: 'https://vimeo.com/76979871',
    frameOrigin: 'https://player.vimeo.com',
  },
} as const;

/** The lines docs/CONTENT.md gives a writer, put first among a page's sections. */
export const videoSectionLines = (video: { url: string; videoTitle: string }) =>
  [
    '  - type: video',
    '    tagline: See It Done',
    `    url: ${video.url}`,
    `    videoTitle: ${video.videoTitle}`,
    "    caption: Filmed at a client's site.",
  ].join('\n');

/** Hosts of the video sites and their players, images and trackers: none may be asked for before a visitor presses play. */
export const videoHosts =
  /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be|ytimg\.com|ggpht\.com|googlevideo\.com|doubleclick\.net|vimeo\.com|vimeocdn\.com)$/;
