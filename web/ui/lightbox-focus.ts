// Focus in a yet-another-react-lightbox viewer (the gallery's viewer, the museum's slideshow). The
// lightbox focuses its own box on opening and after each move; that box's text begins with the
// photo loaded ahead before the one shown (inert and out of sight), so focus goes to the photo
// shown instead, unless the member moved it to one of the viewer's controls.

/** The slides' images take focus from the script, never from Tab (the lightbox's `carousel.imageProps`). */
export const focusablePhoto = { tabIndex: -1 } as const;

/** Moves focus to the photo shown in the lightbox with this class, once the move has been drawn. */
export function focusShownPhoto(lightboxClass: string) {
  requestAnimationFrame(() => {
    const root = document.querySelector(`.${lightboxClass}`);
    const active = document.activeElement;
    if (!root || (active && root.contains(active) && !active.classList.contains('yarl__container'))) return;
    root.querySelector<HTMLElement>('.yarl__slide_current .yarl__slide_image')?.focus({ preventScroll: true });
  });
}
