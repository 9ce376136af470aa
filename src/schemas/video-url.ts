/**
 * A YouTube or Vimeo address as a writer pastes it (from the address bar, the Share button or an embed code's src),
 * read into what the video section needs: the player to load on click, the page to link to without JavaScript, and
 * the origin the page's policy must allow as a frame source. A start time in the address (`t=30`, `t=1m30s`,
 * `start=30`, `#t=30s`) is kept in both. Any other address is refused with `videoUrlProblem`.
 */

export interface VideoAddress {
  provider: 'YouTube' | 'Vimeo';
  id: string;
  /** The player, loaded only when the visitor presses play: YouTube's privacy-enhanced host, Vimeo without tracking. */
  embedUrl: string;
  /** The video on its own site, for visitors without JavaScript. */
  watchUrl: string;
  /** What the page's `frame-src` must name. */
  frameOrigin: string;
  /** Where the video starts, in seconds, when the address says (YouTube's `t=` or `start=`, Vimeo's `#t=`). */
  start?: number;
}

const YOUTUBE_ORIGIN = 'https://www.youtube-nocookie.com';
const VIMEO_ORIGIN = 'https://player.vimeo.com';

const youtubeId = /^[A-Za-z0-9_-]{11}$/;
const vimeoId = /^\d{6,12}$/;
/** The private part of an unlisted Vimeo video's address (vimeo.com/ID/HASH or ?h=HASH). */
const vimeoHash = /^[0-9a-f]{6,20}$/;

/** A start time as the sites write it: seconds (`90`, `90s`) or hours, minutes and seconds (`1m30s`, `1h2m`). */
function startSeconds(value: string | null | undefined): number | undefined {
  const match = /^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/.exec(value ?? '');
  if (!value || !match) return undefined;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return seconds > 0 ? seconds : undefined;
}

/** The start time of an address: its `t=` or `start=` parameter, or a `#t=` after it. */
const startOf = (url: URL) => startSeconds(url.searchParams.get('t') ?? url.searchParams.get('start') ?? new URLSearchParams(url.hash.slice(1)).get('t'));

const youtube = (id: string, start: number | undefined): VideoAddress => ({
  provider: 'YouTube',
  id,
  embedUrl: `${YOUTUBE_ORIGIN}/embed/${id}?autoplay=1${start ? `&start=${start}` : ''}`,
  watchUrl: `https://www.youtube.com/watch?v=${id}${start ? `&t=${start}s` : ''}`,
  frameOrigin: YOUTUBE_ORIGIN,
  ...(start ? { start } : {}),
});

const vimeo = (id: string, hash: string | undefined, start: number | undefined): VideoAddress => ({
  provider: 'Vimeo',
  id,
  // Vimeo's player and page take the start after a #.
  embedUrl: `${VIMEO_ORIGIN}/video/${id}?${hash ? `h=${hash}&` : ''}autoplay=1&dnt=1${start ? `#t=${start}s` : ''}`,
  watchUrl: `https://vimeo.com/${id}${hash ? `/${hash}` : ''}${start ? `#t=${start}s` : ''}`,
  frameOrigin: VIMEO_ORIGIN,
  ...(start ? { start } : {}),
});

function parsed(text: string): URL | undefined {
  const trimmed = text.trim();
  // Addresses copied without their scheme ("youtu.be/…", "www.youtube.com/…") are common.
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The video behind a YouTube or Vimeo address, or undefined for anything else. */
export function videoAddress(text: string): VideoAddress | undefined {
  const url = parsed(text);
  if (!url) return undefined;
  const host = url.hostname.toLowerCase().replace(/^(www|m|music)\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  const [first, second, third] = parts;
  const start = startOf(url);
  // The id is rebuilt into addresses of our own, so anything after it (a stray quote or tag) is a mistake, not a video.
  if (host === 'youtu.be') return first && parts.length === 1 && youtubeId.test(first) ? youtube(first, start) : undefined;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id =
      first === 'watch' && parts.length === 1
        ? url.searchParams.get('v')
        : ['shorts', 'embed', 'live', 'v'].includes(first ?? '') && parts.length === 2
          ? second
          : undefined;
    return id && youtubeId.test(id) ? youtube(id, start) : undefined;
  }
  if (host === 'vimeo.com') {
    // vimeo.com/ID, vimeo.com/ID/HASH, vimeo.com/channels/NAME/ID, vimeo.com/groups/NAME/videos/ID
    const at = parts.findIndex((part) => vimeoId.test(part));
    if (at === -1 || (at > 0 && !['channels', 'groups'].includes(first ?? ''))) return undefined;
    const hash = parts[at + 1] ?? url.searchParams.get('h') ?? undefined;
    return vimeo(parts[at]!, hash && vimeoHash.test(hash) ? hash : undefined, start);
  }
  if (host === 'player.vimeo.com' && first === 'video' && second && vimeoId.test(second) && third === undefined) {
    const hash = url.searchParams.get('h') ?? undefined;
    return vimeo(second, hash && vimeoHash.test(hash) ? hash : undefined, start);
  }
  return undefined;
}

/** What to write instead of an address that is not a YouTube or Vimeo video. */
export const videoUrlProblem = (text: string) =>
  `"${text}" is not the address of a YouTube or Vimeo video: open the video on YouTube or Vimeo and copy the address from the browser's address bar or the Share button, such as https://www.youtube.com/watch?v=… , https://youtu.be/… or https://vimeo.com/…`;
