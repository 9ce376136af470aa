/**
 * The video section takes a YouTube or Vimeo address in the forms a writer copies it (address bar, Share button,
 * an embed code's src, with or without https://), and refuses anything else with a sentence saying what to paste.
 */
import { describe, expect, test } from 'vitest';
import { section } from '../../src/schemas/sections.ts';
import { videoAddress } from '../../src/schemas/video-url.ts';

describe('a YouTube address', () => {
  test.each([
    'https://youtu.be/dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?app=desktop&v=dQw4w9WgXcQ&list=PL123&index=2',
    'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
    'youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ?rel=0',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/live/dQw4w9WgXcQ?feature=share',
    '  https://youtu.be/dQw4w9WgXcQ  ',
  ])('%s plays from the privacy-enhanced player', (url) => {
    expect(videoAddress(url)).toEqual({
      provider: 'YouTube',
      id: 'dQw4w9WgXcQ',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
      watchUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      frameOrigin: 'https://www.youtube-nocookie.com',
    });
  });
});

describe('a start time in the address', () => {
  test.each([
    ['https://youtu.be/dQw4w9WgXcQ?t=30', 30],
    ['https://youtu.be/dQw4w9WgXcQ?si=Ab12Cd34&t=42', 42],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s', 90],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ#t=2m', 120],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?start=75', 75],
    ['youtu.be/dQw4w9WgXcQ?t=1h2m3s', 3723],
  ])('%s starts at %i s in the player and on YouTube', (url, start) => {
    expect(videoAddress(url)).toMatchObject({
      embedUrl: `https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&start=${start}`,
      watchUrl: `https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=${start}s`,
      start,
    });
  });

  test('on Vimeo, after a #, in the player and on Vimeo', () => {
    expect(videoAddress('https://vimeo.com/76979871#t=1m5s')).toMatchObject({
      embedUrl: 'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1#t=65s',
      watchUrl: 'https://vimeo.com/76979871#t=65s',
      start: 65,
    });
  });

  test.each(['https://youtu.be/dQw4w9WgXcQ?t=0', 'https://youtu.be/dQw4w9WgXcQ?t=abc', 'https://youtu.be/dQw4w9WgXcQ?t='])(
    '%s plays from the start: no time, or none that reads',
    (url) => {
      expect(videoAddress(url)).toEqual(videoAddress('https://youtu.be/dQw4w9WgXcQ'));
    },
  );
});

describe('a Vimeo address', () => {
  test.each(['https://vimeo.com/76979871', 'vimeo.com/76979871', 'https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871'])(
    '%s plays from Vimeo’s player without tracking',
    (url) => {
      expect(videoAddress(url)).toEqual({
        provider: 'Vimeo',
        id: '76979871',
        embedUrl: 'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1',
        watchUrl: 'https://vimeo.com/76979871',
        frameOrigin: 'https://player.vimeo.com',
      });
    },
  );

  test('an unlisted video keeps its private part, in either form', () => {
    for (const url of ['https://vimeo.com/76979871/8272103f6e', 'https://player.vimeo.com/video/76979871?h=8272103f6e']) {
      expect(videoAddress(url)).toMatchObject({
        embedUrl: 'https://player.vimeo.com/video/76979871?h=8272103f6e&autoplay=1&dnt=1',
        watchUrl: 'https://vimeo.com/76979871/8272103f6e',
      });
    }
  });
});

describe('anything else', () => {
  test.each([
    '',
    'dQw4w9WgXcQ',
    'https://www.youtube.com/',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UC1234567890',
    'https://www.youtube.com/playlist?list=PL1234567890',
    'https://youtu.be/dQw4w9WgXcQ/extra"><script>',
    'https://youtube.com.example.org/watch?v=dQw4w9WgXcQ',
    'https://example.org/watch?v=dQw4w9WgXcQ',
    'https://vimeo.com/',
    'https://vimeo.com/about/76979871',
    'https://player.vimeo.com/video/76979871/extra',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'ftp://youtu.be/dQw4w9WgXcQ',
    '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
  ])('%j is not a video', (url) => {
    expect(videoAddress(url)).toBeUndefined();
  });

  test('is refused in the section with a sentence saying what to paste', () => {
    const result = section.safeParse({ type: 'video', url: 'https://example.org/our-film.mp4', videoTitle: 'Our film' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['url'],
        message:
          '"https://example.org/our-film.mp4" is not the address of a YouTube or Vimeo video: open the video on YouTube or Vimeo and copy the address from the browser\'s address bar or the Share button, such as https://www.youtube.com/watch?v=… , https://youtu.be/… or https://vimeo.com/…',
      }),
    ]);
  });
});

test('a video section needs its title, and takes a heading and caption as other sections do', () => {
  const missing = section.safeParse({ type: 'video', url: 'https://youtu.be/dQw4w9WgXcQ' });
  expect(missing.error?.issues.map((issue) => issue.path)).toEqual([['videoTitle']]);
  expect(
    section.parse({
      type: 'video',
      url: 'https://youtu.be/dQw4w9WgXcQ',
      videoTitle: 'How we install a rack',
      tagline: 'See it done',
      caption: 'Filmed in Pune.',
    }),
  ).toMatchObject({ type: 'video', tagline: 'See it done', caption: 'Filmed in Pune.', tone: 'plain', actions: [] });
});
