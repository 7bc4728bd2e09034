/**
 * Keeps what a reader typed before the page's JavaScript took over (the page is usable
 * before it hydrates, so a member on a slow phone may type a title or a comment first).
 *
 * React 19 hydrates a controlled field without reading the browser's value: its state keeps the
 * server's value ('') while the field shows the typed text, and the next render of that field
 * writes the state back, so the text vanishes (React issue #12955; the fix, #33129, is behind a
 * flag that the stable build leaves off). After hydration, {@link adoptTypedInput} hands every
 * changed field's current value to React as a change event, so state and screen agree again.
 *
 * @module
 */

/** Text-like `<input>` types whose value a reader types (not buttons, checkboxes, files, hidden). */
const TEXT_TYPES = new Set(["text", "search", "email", "password", "url", "tel", "number"]);

/**
 * Tells React about one text field's value: the field's value is first set through React's own
 * value tracker to the server's value (so React believes that is what it holds), then back to the
 * typed text past the tracker, then an `input` event makes React call the field's `onChange`.
 *
 * @param field - an `<input>` or `<textarea>` whose `value` differs from its `defaultValue`
 */
function replayText(field: HTMLInputElement | HTMLTextAreaElement): void {
  const typed = field.value;
  const focused = field.ownerDocument.activeElement === field;
  const [start, end] = [field.selectionStart, field.selectionEnd];
  const nativeSetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
  if (!nativeSetter) return;
  field.value = field.defaultValue;
  nativeSetter.call(field, typed);
  if (focused && start !== null && end !== null) {
    try {
      field.setSelectionRange(start, end);
    } catch {
      // type="email"/"number" have no selection; the caret stays where the browser put it
    }
  }
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * Finds the form fields whose value the reader changed before hydration and replays each as a
 * change event: text inputs and text areas by `input`, selects by `change`. Checkboxes and radio
 * buttons are left as the browser has them. A field whose value equals the server's is untouched,
 * so on a page nobody typed on this does nothing.
 *
 * Call once, from an effect of the root component (it runs after every route's own effects).
 *
 * @param root - where to look, normally `document`
 * @returns how many fields were replayed (0 when nothing was typed)
 */
export function adoptTypedInput(root: ParentNode): number {
  let replayed = 0;
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>("input, textarea, select")) {
    if (field instanceof HTMLSelectElement) {
      if ([...field.options].some((option) => option.selected !== option.defaultSelected)) {
        field.dispatchEvent(new Event("change", { bubbles: true }));
        replayed += 1;
      }
    } else if (field instanceof HTMLTextAreaElement || TEXT_TYPES.has(field.type)) {
      if (field.value !== field.defaultValue) {
        replayText(field);
        replayed += 1;
      }
    }
  }
  return replayed;
}
