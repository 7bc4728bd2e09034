/**
 * Full-size view of a post image (rendered images "open full size in a lightbox"). A
 * Radix dialog: it has an accessible name ('Bild i full storlek'), traps focus, closes with Esc,
 * a click outside or 'Stäng', and gives focus back to the image link that opened it. No inline
 * scripts or styles (the CSP is nonce-based).
 *
 * @module
 */
import { useRef } from "react";
import { Dialog } from "radix-ui";
import { X } from "lucide-react";
import { postImages as pi } from "../../../domain/i18n/sv";

/** The image shown: its address and alt text. */
export interface LightboxImage {
  /** Address of the stored image, `/uploads/posts/…`. */
  src: string;
  /** The alt text written in the post. */
  alt: string;
  /** What gets the focus back when the dialog closes (the image link that opened it). */
  opener?: HTMLElement | null;
}

/** Props of {@link ImageLightbox}. */
export interface ImageLightboxProps {
  /** The image to show; `null` closes the dialog. */
  image: LightboxImage | null;
  /** Called when the member closes the dialog. */
  onClose: () => void;
}

/** The lightbox dialog; renders nothing while `image` is null. */
export function ImageLightbox({ image, onClose }: ImageLightboxProps) {
  // The image is already null when the dialog has closed; remember who opened it.
  const opener = useRef<HTMLElement | null>(null);
  if (image) opener.current = image.opener ?? null;
  return (
    <Dialog.Root open={image !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/80 dark:bg-black/85" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 p-4 focus:outline-none"
          onCloseAutoFocus={(event) => {
            // There is no Dialog.Trigger (the click is delegated): give the focus back by hand.
            event.preventDefault();
            opener.current?.focus();
          }}
        >
          <Dialog.Title className="sr-only">{pi.lightboxTitle}</Dialog.Title>
          <Dialog.Description className="sr-only">{pi.lightboxDescription}</Dialog.Description>
          {image ? (
            <>
              <img src={image.src} alt={image.alt} className="max-h-[85vh] max-w-full rounded-md bg-white object-contain shadow-2xl" />
              <a
                href={image.src}
                target="_blank"
                rel="noopener"
                className="text-sm font-semibold text-white underline underline-offset-2 hover:text-slate-200 dark:text-slate-950 dark:hover:text-slate-700"
              >
                {pi.openOriginal}
              </a>
            </>
          ) : null}
          <Dialog.Close
            className="absolute right-3 top-3 inline-flex items-center gap-1 rounded-full bg-white/90 px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-white"
          >
            <X className="size-4" aria-hidden />
            {pi.close}
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
