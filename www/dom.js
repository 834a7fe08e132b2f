// The page's small DOM helpers, shared by the panels: elements built with
// user text only ever as text (`h`'s `text`, never HTML), the icons of the
// step buttons, the clipboard.

const SVG = 'http://www.w3.org/2000/svg';

const ICONS = {
  first: 'M6 5h2v14H6zM19 5v14L9 12z',
  prev: 'M17 5v14L7 12z',
  next: 'M7 5v14l10-7z',
  last: 'M16 5h2v14h-2zM5 5v14l10-7z',
  flip: 'M7 3l-4 4h3v10h2V7h3zM17 21l4-4h-3V7h-2v10h-3z',
  read: 'M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.47 4.47 0 0 0 2.5-4zM14 3.23v2.06a7 7 0 0 1 0 13.42v2.06a9 9 0 0 0 0-17.54z',
};

/** An element: attributes (`text` is its text, `class` its class; false, null and undefined are left out) and children. */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'text') node.textContent = v;
    else if (k === 'class') node.className = v;
    else node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c) node.append(c);
  return node;
}

/** An SVG element with its attributes. */
export function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** One of the step buttons' icons (hidden from screen readers: the button has its label). */
export function icon(name) {
  const picture = svg('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true' });
  picture.append(svg('path', { d: ICONS[name] }));
  return picture;
}

/** The element with the focus in the document or shadow root holding `node`. */
export function focusedIn(node) {
  return node.getRootNode().activeElement;
}

/**
 * Listens to `type` on `target` and returns the function that stops it:
 * a panel keeps these and calls them all in its `destroy`.
 */
export function listen(target, type, fn, opts) {
  target.addEventListener(type, fn, opts);
  return () => target.removeEventListener(type, fn, opts);
}

/** The function that calls every stop function of `stops` (what `listen` and `ctrl.handle` return): a panel's destroy. */
export function stopAll(stops) {
  return () => stops.forEach((stop) => stop());
}

/** Ctrl+Z (Cmd+Z), without Alt or Shift (Ctrl+Shift+Z is redo). */
export const isUndoKey = (event) => (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'z';

/** Copies `text`; resolves to whether it was copied. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard access is often refused inside frames: fall back to a selection.
    const area = h('textarea', { class: 'ab-offscreen', readonly: true });
    area.value = text;
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}
