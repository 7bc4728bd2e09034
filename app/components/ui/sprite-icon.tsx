/**
 * Icons that repeat on every comment, drawn once per page (a member's 100-comment thread
 * carried 150 inline copies of the 'Anmäl' and 'Spara' icons, 400 bytes and nine attributes each).
 * {@link IconSprite} renders each icon once as an SVG `<symbol>` from lucide's own component;
 * {@link SpriteIcon} points at it with `<use>`, about 90 bytes. The icons keep lucide's look and
 * take the text colour (`currentColor`), in both themes.
 *
 * @module
 */
import { Bell, BellOff, Bookmark, BookmarkCheck, Flag, type LucideIcon } from "lucide-react";

/** The icons drawn once per page, by the id their `<symbol>` gets (`icon-<name>`). */
const SPRITE = { flag: Flag, bookmark: Bookmark, "bookmark-check": BookmarkCheck, bell: Bell, "bell-off": BellOff } satisfies Record<string, LucideIcon>;

/** A name of an icon in the page's sprite. */
export type SpriteName = keyof typeof SPRITE;

/**
 * The sprite: one hidden `<svg>` with a `<symbol id="icon-<name>">` per icon. Rendered once, at
 * the top of every page's `<body>` (root `Layout`), so a `SpriteIcon` works on any page.
 */
export function IconSprite() {
  return (
    <svg aria-hidden="true" focusable="false" className="absolute size-0 overflow-hidden">
      {Object.entries(SPRITE).map(([name, Icon]) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

/**
 * One icon of the sprite, decorative (`aria-hidden`): the button or link around it has the text.
 *
 * @param props.name which icon
 * @param props.className its size and colour classes, e.g. `size-4`
 */
export function SpriteIcon({ name, className }: { name: SpriteName; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className}>
      <use href={`#icon-${name}`} />
    </svg>
  );
}
