// The article's social line: views, a like toggle with its count, and "Make a copy" (a fork) with
// how many copies were made.
import type { ArticleSocialInfo } from '../../../../generated/react-query/model';
import { Eye, GitFork, Heart } from '../../ui/icons';

type Props = { social: ArticleSocialInfo; busy: 'like' | 'fork' | null; onLike: () => void; onFork: () => void };

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

export function SocialBar({ social, busy, onLike, onFork }: Props) {
  return (
    <span className="flex items-center gap-3">
      <span className="inline-flex items-center gap-1.5" title="Viewers">
        <Eye className="size-4" aria-hidden /> {plural(social.view_count, 'view', 'views')}
      </span>
      <button
        type="button"
        className="btn-ghost inline-flex items-center gap-1.5"
        aria-pressed={social.user_likes}
        aria-label={social.user_likes ? 'Unlike' : 'Like'}
        disabled={busy === 'like'}
        onClick={onLike}
      >
        <Heart className={`size-4 ${social.user_likes ? 'fill-current text-rose-600' : ''}`} aria-hidden /> {social.like_count.toLocaleString()}
      </button>
      <button type="button" className="btn-ghost inline-flex items-center gap-1.5" disabled={busy === 'fork'} onClick={onFork}>
        <GitFork className="size-4" aria-hidden /> Make a copy
        {social.fork_count > 0 && <span className="text-neutral-500 dark:text-neutral-400">({social.fork_count.toLocaleString()})</span>}
      </button>
    </span>
  );
}
