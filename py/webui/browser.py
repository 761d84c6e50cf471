"""The browser side of the app: the one module that touches `js` and the DOM.

It implements the App's platform (render, timers, forms, files, localStorage) and routes the
page's events to the App through one delegated listener per event type: an element's data-act
names what a click does, data-change what a change does, a form's data-submit what submitting
it does."""

import asyncio
import json
import random
import traceback

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

try:  # JavaScript Promise integration (Pyodide 0.27+ on a browser with JSPI): a search in slices
    from pyodide.ffi import can_run_sync, run_sync
except ImportError:
    can_run_sync = run_sync = None

try:  # JS null arrives as pyodide.ffi.jsnull in recent Pyodide, as None in older ones
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover
    jsnull = None

# This module imports nothing of the app at its top: a plain visit's lobby is usable before the
# App and its modules are imported (see boot).


# Moves you can follow: an element that a renderer marks with data-anim="<stable key>" (a card in
# a hand, a pile's top, a score) and that is new or changed since the last redraw gets the class
# "anim-in" after the DOM update; the stylesheet animates it (not at speed=instant, nor for users
# who prefer reduced motion). An element a redraw kept (html.Page changes only what changed) may
# have it from an earlier move: it gets "anim-in-again" instead, and the other way round, for an
# animation restarts only when its name changes. Done in JavaScript: one pass, no crossing into
# Python per element.
# The functions are made when the page boots, not at import: the start-up snapshot is taken of an
# interpreter that imported this module, and it cannot hold JavaScript objects.
SNAPSHOT_ANIMS_JS = ("root", """
  const seen = new Map();
  for (const el of root.querySelectorAll('[data-anim]')) seen.set(el.dataset.anim, el.textContent);
  return seen;""")
MARK_MOVED_JS = ("root", "seen", """
  if (!seen.size) return;
  const marked = root.querySelectorAll('[data-anim]');
  let fresh = 0;
  for (const el of marked) if (!seen.has(el.dataset.anim)) fresh++;
  if (fresh > marked.length / 2) return;  // a new screen, not a move
  for (const el of marked) {
    if (seen.get(el.dataset.anim) === el.textContent) continue;
    const again = el.classList.contains('anim-in');
    el.classList.remove('anim-in', 'anim-in-again');
    el.classList.add(again ? 'anim-in-again' : 'anim-in');
  }""")

# The place the player must act next, when a move brings it up away from where they are (Stem
# and Branch's claim prompt after a payment with a hand card low on the page): a renderer marks it
# data-follow, and the page scrolls to it unless it is in view already. Not a pinned panel: that
# covered what the player reads to choose, and hid a long prompt's last buttons in its own box.
FOLLOW_JS = ("root", """
  const el = root.querySelector('[data-follow]');
  if (!el || root.querySelector('[aria-modal=true]')) return;
  const r = el.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight) el.scrollIntoView({block: 'start'});""")

# What the player is typing survives a redraw, which replaces the parts it changed: a chat line
# half written when a friend's move arrives keeps its text, its caret and the focus, and a
# <details> the player opened or closed (the chat) stays so. Text fields are known by their
# form's id and name, a <details> by its id; the app's own drawing decides only until the player
# touches them.
KEEP_TYPED_JS = ("root", """
  const kept = [], here = document.activeElement;
  for (const el of root.querySelectorAll('form[id] :is(input, textarea)[name]')) {
    if (el.tagName === 'INPUT' && !['text', 'search'].includes(el.type)) continue;
    const changed = el.value !== el.defaultValue, focused = el === here;
    if (changed || focused)
      kept.push({form: el.form.id, name: el.name, value: el.value, changed, focused,
                 start: el.selectionStart, end: el.selectionEnd});
  }
  const choices = root.__detailsChoices || (root.__detailsChoices = {});
  for (const d of root.querySelectorAll('details[id]'))
    if (d.open !== (d.dataset.leftOpen === '1')) choices[d.id] = d.open;
  return kept;""")
RESTORE_TYPED_JS = ("root", "kept", """
  for (const k of kept) {
    const form = document.getElementById(k.form), el = form && root.contains(form) ? form.elements[k.name] : null;
    if (!el || !('value' in el) || el.disabled) continue;
    if (k.changed) el.value = k.value;
    if (k.focused) {
      el.focus({preventScroll: true});
      try { el.setSelectionRange(k.start, k.end); } catch (e) {}
    }
  }
  const choices = root.__detailsChoices || {};
  for (const d of root.querySelectorAll('details[id]')) {
    if (d.id in choices) d.open = choices[d.id];
    d.dataset.leftOpen = d.open ? '1' : '0';
  }
  return kept.some(k => k.focused);""")

# A redraw of the same screen replaces only what changed (html.Page.changes_from): `count` parts
# expected on the page (else it is drawn whole), `outer` the page's outer element's new opening tag
# (its attributes copied), each change (index of the part, how, markup, path in the part, the tag
# name there; for a splice, its first child and count).
PATCH_JS = ("root", "count", "changes", "outer", """
  const parts = root.querySelectorAll('[data-part]');
  if (parts.length !== count) return false;
  // Each change's element, found down its path of element children, must have the tag name
  // that the page drawn had there: else the page on screen is not that page, draw it whole.
  const targets = changes.map(([i, how, markup, path]) => {
    let node = parts[i];
    for (const k of path) node = node && node.children[k];
    return node;
  });
  if (targets.some((node, k) => !node || node.tagName.toLowerCase() !== changes[k][4])) return false;
  // An element whose attributes changed takes those of its new opening tag.
  const made = document.createElement('template');
  const sync = (el, opening) => {
    made.innerHTML = opening;
    const now = made.content.firstElementChild;
    if (!el || !now || el.tagName !== now.tagName) return false;
    for (const a of [...el.attributes]) if (!now.hasAttribute(a.name)) el.removeAttribute(a.name);
    for (const a of now.attributes) if (el.getAttribute(a.name) !== a.value) el.setAttribute(a.name, a.value);
    return true;
  };
  if (outer && !sync(root.firstElementChild, outer)) return false;
  changes.forEach(([i, how, markup], k) => { if (how === 'attrs') sync(targets[k], markup); });
  const replaced = changes.map((change, k) => k).filter(k => changes[k][1] !== 'attrs');
  // The focus leaves an element about to go while the page is still laid out: removed later,
  // with others replaced already, it costs the browser a forced style and layout (about 1 ms).
  // A keyboard player's focus comes back after the redraw (BrowserPlatform._refocus).
  const here = document.activeElement;
  if (here && replaced.some(k => ['whole', 'splice'].includes(changes[k][1]) && targets[k].contains(here))) here.blur();
  // One parse for all the changes (each parse has its cost, a large part of a small change's),
  // each change's markup in a <div> of its own, parsed in this document as innerHTML parses. Not
  // in a <template>, whose nodes are adopted from another document: a clean-clone run that did so
  // lost fifteen pages to renderer crashes (cause not proven; the usual run loses none or one).
  if (!replaced.length) return true;
  const range = document.createRange();
  range.selectNodeContents(root);
  const wrappers = range.createContextualFragment(replaced.map(k => '<div>' + changes[k][2] + '</div>').join('')).children;
  replaced.forEach((k, w) => {
    const fragment = document.createDocumentFragment();
    fragment.append(...wrappers[w].childNodes);
    const [, how, , , , first, count] = changes[k], el = targets[k];
    if (how === 'splice') {
      for (let n = 0; n < count; n++) el.children[first].remove();
      el.insertBefore(fragment, el.children[first] || null);
    } else if (how === 'start') el.prepend(fragment);
    else if (how === 'end') el.append(fragment);
    else el.replaceWith(fragment);
  });
  return true;""")

# Modal dialogs (role=dialog with aria-modal=true: the new-game and share dialogs, a move's
# confirmation, the pass-the-device cover) keep the keyboard inside: while one is open everything
# else in the app is inert (no focus, no click, hidden from screen readers), and Tab / Shift+Tab
# wrap round the dialog's own controls instead of leaving for the browser's address bar.
MODAL_JS = ("root", """
  const modals = root.querySelectorAll('[aria-modal=true]');
  const modal = modals[modals.length - 1];
  if (!modal) return null;
  for (let el = modal; el !== root && el.parentElement; el = el.parentElement)
    for (const other of el.parentElement.children) if (other !== el) other.inert = true;
  return modal;""")
TAB_TRAP_JS = ("root", "event", """
  if (event.key !== 'Tab') return;
  const modals = root.querySelectorAll('[aria-modal=true]');
  const modal = modals[modals.length - 1];
  if (!modal) return;
  const stops = [...modal.querySelectorAll('button, input, select, textarea, a[href], [tabindex]')]
    .filter(el => !el.disabled && el.tabIndex >= 0 && el.getClientRects().length);
  const here = document.activeElement;
  if (!stops.length) { event.preventDefault(); return; }
  const first = stops[0], last = stops[stops.length - 1];
  if (!modal.contains(here) || (event.shiftKey ? here === first : here === last)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }""")


# Controls that act on click (press, then release on the same element): a redraw waits while one
# is pressed, at most HOLD_MAX seconds (a finger resting on a card must not hold a friend's news).
PRESSED_CONTROLS = "button, [data-act], summary, label"
HOLD_MAX = 1.0


def _js_object(mapping):
    return to_js(mapping, dict_converter=js.Object.fromEntries)


def _present(value):
    """False for JS null/undefined."""
    return value is not None and value is not jsnull


def _selector(act, arg):
    """The CSS selector of the control with this data-act (and data-arg)."""
    return '[data-act="{}"]'.format(act) + ('[data-arg="{}"]'.format(arg.replace('"', '\\"')) if arg is not None else "")


def _text(value):
    """A JS string, or None for null/undefined (Pyodide maps null to None or jsnull)."""
    return value if isinstance(value, str) else None


class LocalStorage:
    """localStorage as the SaveStore's backend; building it raises where storage is denied."""

    def __init__(self):
        self.ls = js.window.localStorage
        self.ls.length  # a denied storage throws here, not later

    def keys(self):
        return [str(self.ls.key(i)) for i in range(self.ls.length)]

    def get(self, key):
        return _text(self.ls.getItem(key))

    def set(self, key, text):
        self.ls.setItem(key, text)

    def remove(self, key):
        self.ls.removeItem(key)

    @classmethod
    def or_none(cls):
        """The backend, or None where this page may not use localStorage (the app then plays
        in memory)."""
        try:
            return cls()
        except Exception:
            return None


class BrowserPlatform:
    def __init__(self, root):
        self.root = root
        self.app = None
        self._snapshot_anims = js.Function.new(*SNAPSHOT_ANIMS_JS)
        self._mark_moved = js.Function.new(*MARK_MOVED_JS)
        self._follow = js.Function.new(*FOLLOW_JS)
        self._keep_typed = js.Function.new(*KEEP_TYPED_JS)
        self._restore_typed = js.Function.new(*RESTORE_TYPED_JS)
        self._patch = js.Function.new(*PATCH_JS)
        self._drawn = None  # the page on screen (an html.Page), while its parts may be replaced
        # The status line is redrawn with the page; screen readers hear a change only from a
        # live region that stays in the document, so its words are copied here when they change.
        self.live = js.document.createElement("div")
        self.live.id = "live-status"
        self.live.className = "sr-only"
        self.live.setAttribute("role", "status")
        self.live.setAttribute("aria-live", "polite")
        js.document.body.appendChild(self.live)
        self._said = ""
        self._modal = js.Function.new(*MODAL_JS)
        self._tab_trap = js.Function.new(*TAB_TRAP_JS)
        self._opener = None  # (data-act, data-arg) of the control that opened the open dialog
        self.clicked = None  # (data-act, data-arg, its top on screen) while its click is handled
        self.pressing = False  # a control is pressed (pointer down) and not yet released
        self._press = 0  # which press HOLD_MAX belongs to
        self._held = None  # the page drawn while a control was pressed, drawn at the release

    def press(self, event):
        """A press began on a control that acts on click: redraws wait until it ends (release)."""
        target = event.target
        if not _present(getattr(target, "closest", None)) or not _present(target.closest(PRESSED_CONTROLS)):
            return
        self._press += 1
        press = self._press
        self.pressing = True
        js.setTimeout(create_once_callable(lambda *_: self.release() if self._press == press else None), int(HOLD_MAX * 1000))

    def release(self, *_):
        """The press ended: its click (dispatched in the same task) draws first; then whatever
        news came meanwhile, unless that click's own redraw already drew it."""
        if not self.pressing:
            return
        self.pressing = False
        js.setTimeout(create_once_callable(lambda *_: self._draw_held()), 0)

    def _draw_held(self):
        if self._held is not None and not self.pressing:
            html, self._held = self._held, None
            self.set_flag("held", False)
            self.guard(lambda: self.render(html))

    def render(self, html):
        if self.pressing:
            # A redraw replaces the parts that changed, the pressed control's maybe: between the
            # press and the release of a button, the release would land on a new element and the
            # browser would dispatch no click (a guest's Send lost to a friend's move arriving
            # mid-press). The news waits.
            self._held = html
            self.set_flag("held", True)
            return
        if self._held is not None:
            self._held = None
            self.set_flag("held", False)
        focused = self._focused_control()
        active = js.document.activeElement
        was_modal = _present(self.root.querySelector("[aria-modal=true]"))
        before = self._snapshot_anims(self.root)
        typed = self._keep_typed(self.root)
        # A dialog taller than a phone scrolls in its backdrop: a redraw (a seat count changed)
        # keeps the dialog where the player had scrolled it.
        backdrop = self.root.querySelector(".backdrop")
        kept = backdrop.scrollTop if _present(backdrop) else 0
        self._draw(html, was_modal)
        if kept:
            backdrop = self.root.querySelector(".backdrop")
            if _present(backdrop):
                backdrop.scrollTop = kept
        self._mark_moved(self.root, before)
        if not was_modal:
            self._keep_clicked_in_place()
        self._follow(self.root)
        if self._restore_typed(self.root, typed):
            focused = None  # the player is typing there: the focus went back to that field
        if focused is not None:
            self._refocus(*focused)
        self._keep_focus_in_dialog(was_modal, active)
        status = js.document.getElementById("status")
        said = str(status.textContent) if _present(status) else ""
        if said != self._said:
            self._said = said
            self.live.textContent = said

    def _draw(self, html, was_modal):
        """Replace the parts of the page that changed (html.Page), or else draw the whole page:
        always while a dialog is open, for it made the rest of the page inert (MODAL_JS), and when
        one opens or closes (its markup is not a part)."""
        drawn, self._drawn = self._drawn, None  # known again once this page is drawn
        changes = html.changes_from(drawn) if hasattr(html, "changes_from") else None
        patched = False
        if changes is not None and not was_modal:
            edits, outer = changes
            patched = self._patch(self.root, (len(html.pieces) - 1) // 2, to_js(edits), outer)
        if not patched:
            self.root.innerHTML = html
        self._drawn = html

    def _keep_clicked_in_place(self):
        """A click's redraw leaves the clicked control under the pointer: news above it that the
        move made old (the list under the status line) would otherwise pull the page from under
        the finger, and a second click on the same spot (a card picked, then put back) would land
        elsewhere. The browser's own scroll anchoring is not enough: Safari has none, and a
        redraw may replace the elements it anchors to.
        Measured at the next frame, before it is painted: the page is laid out for that frame
        anyway, and a position read in the click's handler would lay it out there first (2-3 ms
        of a Phở Phở click)."""
        if self.clicked is None:
            return
        act, arg, top = self.clicked

        def keep(*_):
            if _present(self.root.querySelector("[aria-modal=true]")):
                return
            el = self.root.querySelector(_selector(act, arg))
            if _present(el):
                moved = el.getBoundingClientRect().top - top
                if abs(moved) >= 1:
                    js.window.scrollBy(0, moved)

        js.requestAnimationFrame(create_once_callable(keep))

    def scroll_top(self):
        js.window.scrollTo(0, 0)

    def _keep_focus_in_dialog(self, was_modal, active):
        """A dialog that opens takes the focus (the page behind turns inert); one that closes
        gives it back to the control that opened it, when that control is still there."""
        modal = self._modal(self.root)
        if _present(modal):
            if not was_modal:
                act = _text(active.getAttribute("data-act")) if _present(active) else None
                self._opener = (act, _text(active.getAttribute("data-arg"))) if act else None
            if not modal.contains(js.document.activeElement):
                first = modal.querySelector("[data-act]:not([disabled]), input, select, button:not([disabled])")
                if _present(first):
                    first.focus(_js_object({"preventScroll": True}))
            return
        if was_modal and self._opener is not None:
            el = self.root.querySelector(_selector(*self._opener))
            if _present(el) and not el.disabled:
                el.focus(_js_object({"preventScroll": True}))
        self._opener = None

    def _focused_control(self):
        """(data-act, data-arg) of the control that has the keyboard focus inside the app, if any."""
        el = js.document.activeElement
        # Only a keyboard player's focus is kept (focusing forces a layout: a mouse click need not pay it).
        if not _present(el) or el is self.root or not self.root.contains(el) or not el.matches(":focus-visible"):
            return None
        return _text(el.getAttribute("data-act")), _text(el.getAttribute("data-arg"))

    def _refocus(self, act, arg):
        """Keyboard play: a redraw may replace the focused element, so the focus goes back to the
        same control, or else to the first move on offer, instead of falling to the page's top."""
        el = None
        if act:
            el = self.root.querySelector(_selector(act, arg))
        for fallback in (".dialog [data-act]:not([disabled])", ".board [data-act=play]:not([disabled])",
                         ".board .legal:not([disabled])", "#status"):
            if _present(el) and not el.disabled:
                break
            el = self.root.querySelector(fallback)
        if _present(el):
            el.focus(_js_object({"preventScroll": True}))

    def set_flag(self, name, on):
        el = js.document.documentElement
        if on:
            el.setAttribute("data-" + name, "")
        else:
            el.removeAttribute("data-" + name)

    def schedule(self, seconds, fn):
        def run(*_):
            self.guard(fn)

        if seconds <= 0:
            # Let the page paint first (a "thinking…" status), then run.
            js.requestAnimationFrame(create_once_callable(lambda *_: js.setTimeout(create_once_callable(run), 0)))
        else:
            js.setTimeout(create_once_callable(run), int(seconds * 1000))

    def think(self, fn, wanted=None):
        """Run `fn`, a search (a bot's move, a hint), in an asyncio task: there JavaScript
        Promise integration lets its breather (`breathe_now`) suspend it while the browser
        handles a click or draws a frame, then resume it (tabletop.bots.use_breather); it stops
        there once `wanted()` is false (tabletop.bots.run_search)."""
        from tabletop import bots as botlib

        async def task():
            botlib.run_search(lambda: self.guard(fn), wanted)

        asyncio.ensure_future(task())

    def form(self, form_id):
        form = js.document.getElementById(form_id)
        values = {}
        if not _present(form):
            return values
        for el in form.elements:
            name = _text(el.name)
            if name:
                values[name] = str(el.value)
        return values

    def download(self, filename, text):
        blob = js.Blob.new(to_js([text]), _js_object({"type": "application/json"}))
        url = js.URL.createObjectURL(blob)
        link = js.document.createElement("a")
        link.href = url
        link.download = filename
        js.document.body.appendChild(link)
        link.click()
        link.remove()
        js.setTimeout(create_once_callable(lambda *_: js.URL.revokeObjectURL(url)), 1000)

    def now(self):
        return str(js.Date.new().toISOString())

    def new_seed(self):
        return random.randrange(1, 2 ** 31)

    def focus(self, selector):
        el = js.document.querySelector(selector)
        if _present(el):
            el.focus()

    def set_url(self, params):
        params = dict(params)
        lang = _text(js.URLSearchParams.new(js.location.search).get("lang"))
        if lang and "lang" not in params:  # a link's language stays in the address through the visit
            params["lang"] = lang
        query = js.URLSearchParams.new(_js_object({k: str(v) for k, v in params.items()}))
        text = str(query.toString())
        js.history.replaceState(None, "", js.location.pathname + ("?" + text if text else ""))

    def choose_language(self, code, then):
        """Speak `code` from now on (the picker): its catalogue loaded, the choice remembered on
        this device, <html lang> and a link's &lang= following it; then `then()` redraws."""
        import json

        from . import i18n

        if code not in i18n.CODES:
            return

        def chosen():
            try:
                js.localStorage.setItem(LANGUAGE_SETTING, json.dumps(code))
            except Exception:
                pass  # storage denied: the choice lasts for this page
            if _text(js.URLSearchParams.new(js.location.search).get("lang")):
                url = js.URL.new(js.location.href)
                url.searchParams.set("lang", code)
                js.history.replaceState(None, "", url.href)
            then()

        _load_language(code, None, chosen)

    def page_url(self):
        return str(js.location.origin) + str(js.location.pathname)

    def copy(self, text):
        try:
            js.navigator.clipboard.writeText(text)
            return True
        except Exception:
            return False

    # --- friends on other devices (webui.room): loaded only for such a table ------------------
    def open_room(self, config, on_event):
        """Join the room `config` names (www/net.mjs over the vendored Trystero); `on_event`
        hears of devices joining, leaving, sending, and of the relays."""
        return _NetRoom(self, config, on_event)

    def timer(self, seconds, fn):
        js.setTimeout(create_once_callable(lambda *_: self.guard(fn)), int(seconds * 1000))

    _crypto = None

    @property
    def crypto(self):
        """WebCrypto for tabletop.secure (www/crypto.mjs, loaded when first used)."""
        if self._crypto is None:
            self._crypto = WebCrypto(self)
        return self._crypto

    def qr_svg(self, text, then):
        def drawn(module):
            self.guard(then, str(module.qrSvg(text)))

        _import("www/qr.mjs").then(create_once_callable(drawn))

    def can_share(self):
        return _present(getattr(js.navigator, "share", None))

    def share(self, title, url):
        try:
            js.navigator.share(_js_object({"title": title, "url": url})).catch(create_once_callable(lambda *_: None))
        except Exception:
            pass  # no share sheet here: the link and its Copy button stay

    def clock(self):
        return float(js.performance.now()) / 1000

    def clear_field(self, selector):
        el = js.document.querySelector(selector)
        if _present(el):
            el.value = ""
            el.focus()

    def guard(self, fn, *args):
        """Run a handler; a bug is shown to the player instead of freezing the page."""
        try:
            fn(*args)
        except Exception as err:  # the page must stay usable whatever happens
            traceback.print_exc()
            if self.app is not None:
                from tabletop.msg import M

                self.app.notice = M("Something went wrong: {error}", error="{}: {}".format(type(err).__name__, err))
                try:
                    self.app.render()
                except Exception:
                    traceback.print_exc()


def breathe_now():
    """Hand the browser a turn (its next task) and come back: only inside `think`'s task, where
    the stack may be suspended; elsewhere (a click's handler asking for a hint) nothing."""
    if can_run_sync():
        run_sync(js.Promise.new(create_once_callable(lambda resolve, reject: js.setTimeout(resolve, 0))))


def _import(path):
    """A module of the site, imported when first needed (never on the start path)."""
    return js.Function.new("u", "return import(u)")(str(js.URL.new(path, js.document.baseURI).href))


class WebCrypto:
    """tabletop.secure's crypto calls over www/crypto.mjs: each answers `then` when the browser's
    promise settles (strings, true/false or None cross; keys stay in the module, by id)."""

    def __init__(self, platform):
        self.platform = platform
        self.module = None
        self.loading = []  # calls made before the module came

        def loaded(module):
            self.module = module
            for call in self.loading:
                call()
            self.loading = []

        _import("www/crypto.mjs").then(create_once_callable(loaded), create_once_callable(lambda e: print("crypto:", e)))

    def _call(self, name, args, then, convert=_text):
        def run():
            def settled(value):  # None when the call failed (crypto.mjs's `call` never rejects)
                self.platform.guard(then, None if value is None or value is jsnull else convert(value))
            self.module.call(name, *args).then(create_once_callable(settled))

        if self.module is None:
            self.loading.append(run)
        else:
            run()

    def signing_key(self, then):
        self._call("signingKey", (), then, lambda text: json.loads(str(text)))

    def sign(self, private, text, then):
        self._call("sign", (private, text), then)

    def verify(self, public, text, signature, then):
        self._call("verify", (public, text, signature), then, lambda ok: ok is True)

    def exchange_key(self, then):
        def pair(text):
            made = json.loads(str(text))
            return made["id"], made["public"]
        self._call("exchangeKey", (), then, pair)

    def session_key(self, private, public, salt, info, then):
        def keys(text):
            made = json.loads(str(text))
            return made["id"], made["mac"]
        self._call("sessionKey", (private, public, salt, info), then, keys)

    def keystream(self, key, counter, length, then):
        self._call("keystream", (key, counter, length), then)

    def forget(self, handle):
        if self.module is not None and isinstance(handle, str):
            self.module.forget(handle)


class _NetRoom:
    """A room of www/net.mjs as webui.room uses it: send() before the room is open waits for it."""

    def __init__(self, platform, config, on_event):
        self.closed = False
        self.room = None
        self.waiting = []

        def event(kind, peer, data):
            if self.closed:
                return
            kind = str(kind)
            data = int(data) if kind == "relays" else _text(data)
            platform.guard(on_event, kind, _text(peer), data)

        self._event = create_proxy(event)

        def opened(room):
            if self.closed:
                room.close()
                return
            self.room = room
            for text, peer in self.waiting:
                self.send(text, peer)
            self.waiting = []

        def failed(error):
            print("the room could not open:", error)
            # Browsers give the encryption a room needs only to a secure page (https, localhost).
            platform.guard(on_event, "failed", None, "error" if js.isSecureContext else "insecure")

        def loaded(module):
            module.openRoom(_js_object(config), self._event).then(create_once_callable(opened), create_once_callable(failed))

        _import("www/net.mjs").then(create_once_callable(loaded), create_once_callable(failed))

    def send(self, text, peer=None):
        if self.room is None:
            self.waiting.append((text, peer))
        elif not self.closed:
            self.room.send(text, peer)

    def close(self):
        self.closed = True
        if self.room is not None:
            self.room.close()


def _params():
    """The query's parameters, then the fragment's (a share link keeps its game there, where no
    server sees it)."""
    params = {}
    for text in (str(js.location.search), str(js.location.hash)[1:]):
        for k, v in js.URLSearchParams.new(text).entries():
            params[str(k)] = str(v)
    return params


def _make_app(platform, params):
    """The App for this page's address; the lobby always opens, whatever the address holds."""
    from tabletop import bots as botlib

    from .app import App

    # Only here, with a player waiting, may a Hard bot stop searching on the clock, and it
    # thinks in slices that let the page answer meanwhile (a link's &slices=off, for benchmarks:
    # the whole search in one go, as before slices).
    botlib.use_wall_clock_guard()
    if params.get("slices") != "off" and can_run_sync is not None:
        botlib.use_breather(breathe_now)
    try:
        return App(platform, LocalStorage.or_none(), params)
    except Exception:
        traceback.print_exc()
        from tabletop.msg import M

        app = App(platform, LocalStorage.or_none(), {})
        app.notice = M("This link could not be opened; here is the lobby.")
        app.render()
        return app


LANGUAGE_SETTING = "tabletop.setting.language"  # SaveStore's setting "language"; index.html's head reads it too
PAGE_TITLE = "Bàn Chơi · card games in your browser"  # index.html's <title>, in tools/shell.py's PAGE_WORDS
# index.html's head loads a catalogue (window.__catalogue: packed, unpacked as it arrives).
LOAD_CATALOGUE_JS = ("code", "early", "return (early || window.__catalogue(code)).then((bytes) => new Uint8Array(bytes));")


def _page_language():
    """The language index.html's head chose for this page (a link's &lang=, the device's choice,
    the browser's preferred languages), as <html lang>."""
    from . import i18n

    code = _text(js.document.documentElement.lang)
    return code if code in i18n.CODES else i18n.ENGLISH


def _load_language(code, early, then):
    """Speak `code`, then call `then()`. A catalogue that cannot load (offline before the service
    worker kept it) leaves the page in English, and says so in the console."""
    from . import i18n

    def speak(mo_bytes=None):
        i18n.choose(code, mo_bytes)
        js.document.documentElement.lang = code
        js.document.title = i18n._(PAGE_TITLE)
        then()

    def failed(error):
        js.console.warn("The {} catalogue did not load: {}".format(code, error))
        i18n.choose(i18n.ENGLISH)
        js.document.documentElement.lang = i18n.ENGLISH
        then()

    if code == i18n.ENGLISH:
        return speak()
    loading = js.Function.new(*LOAD_CATALOGUE_JS)(code, early)
    loading.then(create_once_callable(lambda data: speak(data.to_bytes())), create_once_callable(failed))


def _wake_static_lobby(root):
    """The lobby index.html shows before Python starts, made usable as it is: its buttons
    enabled, its loading line gone. Its markup is the App's own (tools/shell.py)."""
    for el in root.querySelectorAll("#lobby button[disabled]"):
        el.disabled = False
    loading = root.querySelector("#lobby .loading")
    if _present(loading):
        loading.remove()


def boot():
    """Start the page. A plain visit (no game, save, link or setting in its address; a language,
    &lang=, is no more than a plain visit) is ready as soon as the static lobby is awake and every
    event is routed: the App, its modules and the lobby's saved games come in the next task
    (about 50 ms of a first visit's start, issue 17), or at the first click or key if one comes
    sooner. Any other address opens what it names before the page is ready."""
    # A start from a memory snapshot restores the random generator too: without a new seed,
    # every visit would draw the same "random" seeds and save ids.
    random.seed()
    root = js.document.getElementById("app")
    platform = BrowserPlatform(root)
    params = _params()

    def app():
        if platform.app is None:
            platform.app = _make_app(platform, params)
        return platform.app

    def on_click(event):
        el = event.target.closest("[data-act]")
        if not _present(el) or el.disabled or _text(el.type) == "submit":
            return  # submit buttons go through the form's submit event
        event.preventDefault()
        act, arg = str(el.dataset.act), _text(el.getAttribute("data-arg"))
        platform.clicked = (act, arg, el.getBoundingClientRect().top)
        try:
            platform.guard(lambda: app().handle(act, arg))
        finally:
            platform.clicked = None

    def on_submit(event):
        form = event.target
        event.preventDefault()
        act = _text(form.getAttribute("data-submit"))
        if act:
            platform.guard(lambda: app().handle(act, None))

    def on_change(event):
        el = event.target
        act = _text(el.getAttribute("data-change"))
        if not act:
            return
        if act == "import":
            files = el.files
            if _present(files) and files.length:
                file = files.item(0)
                el.value = ""  # choosing the same file again imports it again
                from tabletop.saves import MAX_TEXT

                if file.size > MAX_TEXT * 4:  # refused unread (UTF-8: at most 4 bytes a character)
                    platform.guard(lambda: app().handle("import", (str(file.name), None)))
                    return

                def got(text):
                    platform.guard(lambda: app().handle("import", (str(file.name), str(text))))

                file.text().then(create_once_callable(got))
            return
        platform.guard(lambda: app().handle(act, None))

    def on_key(event):
        platform._tab_trap(platform.root, event)
        tag = str(event.target.tagName or "")
        typing = tag in ("INPUT", "SELECT", "TEXTAREA") and str(event.key) != "Escape"
        if typing or event.ctrlKey or event.metaKey or event.altKey:
            return
        key = str(event.key)
        platform.guard(lambda: app().key(key))

    for kind, handler in (("click", on_click), ("submit", on_submit), ("change", on_change), ("keydown", on_key)):
        js.document.addEventListener(kind, create_proxy(handler))
    capture = _js_object({"capture": True, "passive": True})
    js.document.addEventListener("pointerdown", create_proxy(platform.press), capture)
    for kind in ("pointerup", "pointercancel"):
        js.document.addEventListener(kind, create_proxy(platform.release), capture)
    js.window.addEventListener("hashchange", create_proxy(lambda event: platform.guard(lambda: app().open_link(_params()))))
    # Another tab of this site wrote or removed a save: this tab must not write over it.
    js.window.addEventListener("storage", create_proxy(lambda event: platform.guard(lambda: app().storage_changed(_text(event.key)))))

    def open_page():
        if set(params) - {"lang"}:  # a link that names a game, a save, a share... (not only a language)
            app()
        else:
            _wake_static_lobby(root)
            js.setTimeout(create_once_callable(lambda *_: platform.guard(app)), 0)
        js.document.documentElement.setAttribute("data-ready", "")

    # A page in another language draws nothing before its catalogue is here (index.html's head
    # started fetching it): the static lobby, already in that language, shows meanwhile. An
    # English page imports nothing for it: the kernel's import would cost a first visit 0.3 s
    # before the page is ready (bench/language_bench.py).
    if _text(js.document.documentElement.lang) in ("", "en"):
        return open_page() or platform
    from . import i18n

    code = _page_language()
    if code == i18n.current():
        open_page()
    else:
        early = getattr(js.window.__earlyStart, "catalogue", None) if _present(js.window.__earlyStart) else None
        _load_language(code, early if _present(early) else None, open_page)
    return platform
