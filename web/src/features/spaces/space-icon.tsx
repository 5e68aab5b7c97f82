// A Space's emoji as an icon, with a neutral glyph when it has none.
import { Layers } from '../../ui/icons';
import { emojiChar } from './space-emoji';

export function SpaceIcon({ emoji, className = 'text-xl' }: { emoji: string; className?: string }) {
  return (
    <span aria-hidden className={className}>
      {emojiChar(emoji) || <Layers className="size-[1em] text-neutral-500" />}
    </span>
  );
}
