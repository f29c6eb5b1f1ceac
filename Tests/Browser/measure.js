// Measures a loaded whatsnew page in the browser and returns every failed check, never a screenshot to
// look at. Evaluated by check_pages.py as `(<this file>)(options)`; returns
// { ran: [check names], failures: [{check, element, sig, detail}], notes: [...], info: {...} }.
//
// options: { page: "changelog" | "showcase", width, scheme, structure (run the checks that do not depend
// on the viewport or scheme), brand: {hex, hue}, versionCount, langTexts: [{text, lang}], pageLang }.
(opts) => {
  const out = { ran: [], failures: [], notes: [], info: {} };
  const ran = (check) => { if (!out.ran.includes(check)) out.ran.push(check); };
  const fail = (check, el, detail) => out.failures.push({ check, element: describe(el), sig: signature(el), detail });
  const note = (check, el, detail) => out.notes.push({ check, element: describe(el), sig: signature(el), detail });
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const root = document.documentElement;
  const HEADINGS = 'h1, h2, h3, h4, h5, h6, [role="heading"]';
  // Whether the showcase's pushed `present` page is shown as loaded, before anything is opened or followed.
  const pushedAtLoad = [...document.querySelectorAll('.pushed-page')].some((p) => p.getClientRects().length > 0);

  function signature(node) {
    if (!node) return '';
    const el = node.nodeType === 1 ? node : node.parentElement;
    const cls = el.getAttribute('class');
    return `<${el.tagName.toLowerCase()}${cls ? ` class="${cls}"` : ''}>`;
  }
  function describe(node) {
    if (!node) return '';
    if (node === root || node === document.body) return signature(node);
    const text = norm(node.textContent).slice(0, 60);
    return `${node.nodeType === 1 ? '' : 'text in '}${signature(node)} "${text}"`;
  }

  // ---- colours

  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  function parseColor(value) {
    let m = value.match(/^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+)(%?))?\s*\)$/);
    if (m) {
      const alpha = m[4] === undefined ? 1 : parseFloat(m[4]) / (m[5] ? 100 : 1);
      return [parseFloat(m[1]), parseFloat(m[2]), parseFloat(m[3]), alpha];
    }
    m = value.match(/^color\(srgb\s+([-\d.e]+)\s+([-\d.e]+)\s+([-\d.e]+)(?:\s*\/\s*([\d.]+)(%?))?\s*\)$/);
    if (m) {
      const alpha = m[4] === undefined ? 1 : parseFloat(m[4]) / (m[5] ? 100 : 1);
      const c = (v) => Math.min(255, Math.max(0, parseFloat(v) * 255));
      return [c(m[1]), c(m[2]), c(m[3]), alpha];
    }
    // Any other syntax (oklch(), lab(), color-mix() results...): let the canvas convert it to sRGB.
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = '#000';
    ctx.fillStyle = value;
    ctx.fillRect(0, 0, 1, 1);
    const d = ctx.getImageData(0, 0, 1, 1).data;
    return [d[0], d[1], d[2], d[3] / 255];
  }
  // `top` over `bottom`, source-over; the result is opaque when `bottom` is.
  function over(top, bottom) {
    const a = top[3] + bottom[3] * (1 - top[3]);
    if (a === 0) return [0, 0, 0, 0];
    const mix = (i) => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / a;
    return [mix(0), mix(1), mix(2), a];
  }
  function luminance(c) {
    const f = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  }
  function contrast(a, b) {
    const la = luminance(a), lb = luminance(b);
    return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
  }
  const hex = (c) => '#' + c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')
    + (c[3] !== undefined && c[3] < 1 ? Math.round(c[3] * 255).toString(16).padStart(2, '0') : '');
  function hsl(c) {
    const r = c[0] / 255, g = c[1] / 255, b = c[2] / 255;
    const max = Math.max(r, g, b), min = Math.min(r, g, b), l = (max + min) / 2, d = max - min;
    if (d === 0) return [0, 0, l];
    const s = d / (1 - Math.abs(2 * l - 1));
    let h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
    h *= 60;
    if (h < 0) h += 360;
    return [h, s, l];
  }
  function canvasColor() {
    // The canvas behind an opaque-less page: white, or Chromium's dark canvas when the root's used colour
    // scheme is dark (CSS `color-scheme` on :root, else <meta name="color-scheme">).
    let schemes = getComputedStyle(root).colorScheme;
    if (!schemes || schemes === 'normal') {
      const meta = document.querySelector('meta[name="color-scheme"]');
      schemes = meta ? meta.content : 'normal';
    }
    const list = schemes.split(/\s+/);
    const prefersDark = matchMedia('(prefers-color-scheme: dark)').matches;
    const dark = list.includes('dark') && (prefersDark || !list.includes('light'));
    return dark ? [18, 18, 18, 1] : [255, 255, 255, 1];
  }
  // The colour behind `el`: its and its ancestors' background colours composited down to the first opaque
  // one (or the canvas), and the colour stops of any gradient above that, each a candidate.
  function backdrop(el) {
    const layers = [];
    const images = [];
    for (let e = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.backgroundImage && cs.backgroundImage !== 'none') images.push(cs.backgroundImage);
      const c = parseColor(cs.backgroundColor);
      if (c[3] > 0) {
        layers.push(c);
        if (c[3] >= 1) break;
      }
    }
    let base = layers.length && layers[layers.length - 1][3] >= 1 ? layers.pop() : canvasColor();
    for (let i = layers.length - 1; i >= 0; i--) base = over(layers[i], base);
    const candidates = [base];
    let unmeasurable = false;
    for (const image of images) {
      const stops = image.match(/(rgba?\([^)]*\)|color\([^)]*\))/g) || [];
      for (const stop of stops) candidates.push(over(parseColor(stop), base));
      if (/url\(/.test(image)) unmeasurable = true;
    }
    return { color: base, candidates, unmeasurable };
  }
  function opacityOf(el) {
    let alpha = 1;
    for (let e = el; e; e = e.parentElement) alpha *= parseFloat(getComputedStyle(e).opacity);
    return alpha;
  }

  // ---- what is visible

  const vw = Math.min(innerWidth, root.clientWidth);
  function rectsOf(node) {
    if (node.nodeType === 1) return [...node.getClientRects()];
    const range = document.createRange();
    range.selectNodeContents(node);
    return [...range.getClientRects()];
  }
  // Hidden on purpose: 1px "visually hidden" boxes, and boxes positioned entirely off the left of the
  // screen (the usual skip link until it is focused). Neither can make the page scroll sideways.
  function hiddenOnPurpose(el) {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const cs = getComputedStyle(e);
      const r = e.getBoundingClientRect();
      if ((cs.position === 'absolute' || cs.position === 'fixed') && r.right <= 0) return true;
      if (r.width <= 1 && r.height <= 1 && (cs.overflow !== 'visible' || cs.clip !== 'auto' || cs.clipPath !== 'none')) return true;
    }
    return false;
  }
  function textNodes(within, filter) {
    const walker = document.createTreeWalker(within, NodeFilter.SHOW_TEXT);
    const nodes = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.data.trim()) continue;
      const el = n.parentElement;
      if (!el || el.closest('script, style, noscript, template, title')) continue;
      if (filter && !filter(n)) continue;
      const rects = rectsOf(n).filter((r) => r.width > 0 && r.height > 0);
      if (!rects.length) continue;
      nodes.push({ node: n, el, rects });
    }
    return nodes;
  }

  // ---- overflow

  const isScroller = (e) => ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(e).overflowX);
  const fits = (r) => r.left >= -0.5 && r.right <= vw + 0.5;
  // Inside a box that scrolls or clips sideways and itself fits: the overflow is that box's business.
  // <html> and <body> do not count: content they clip is content nobody can reach.
  function contained(el) {
    for (let e = el.parentElement; e && e !== document.body && e !== root; e = e.parentElement) {
      if (isScroller(e) && fits(e.getBoundingClientRect())) return true;
    }
    return false;
  }
  const overflows = (rects) => rects.some((r) => (r.width > 0 || r.height > 0) && !fits(r));
  function checkOverflow(within, filter) {
    ran('overflow-element');
    const bad = new Set();
    for (const el of within.querySelectorAll('*')) {
      if (filter && !filter(el)) continue;
      if (el.closest('head')) continue;
      if (overflows([el.getBoundingClientRect()])) bad.add(el);
    }
    for (const el of bad) {
      if (bad.has(el.parentElement) || contained(el) || hiddenOnPurpose(el)) continue;
      const r = el.getBoundingClientRect();
      fail('overflow-element', el, `box spans x ${Math.round(r.left)}..${Math.round(r.right)} in a ${vw} px viewport`);
    }
    for (const t of textNodes(within, filter)) {
      if (!overflows(t.rects) || bad.has(t.el) || contained(t.node) || hiddenOnPurpose(t.el)) continue;
      const left = Math.min(...t.rects.map((r) => r.left)), right = Math.max(...t.rects.map((r) => r.right));
      fail('overflow-element', t.node, `text spans x ${Math.round(left)}..${Math.round(right)} in a ${vw} px viewport`);
    }
  }

  // ---- contrast

  const PICTOGRAPHS = /^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\uFE0F|\u200D|\s)+$/u;
  function checkContrast(within, filter) {
    ran('contrast');
    for (const t of textNodes(within, filter)) {
      const el = t.el;
      if (el.closest('[aria-hidden="true"]')) continue;
      const cs = getComputedStyle(el);
      if (cs.visibility !== 'visible') continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      // Colour emoji are painted from the font's own colours, not from `color`.
      if (PICTOGRAPHS.test(t.node.data)) continue;
      const alpha = opacityOf(el);
      if (alpha === 0) continue;
      const fg = parseColor(cs.color);
      fg[3] *= alpha;
      const bg = backdrop(el);
      const size = parseFloat(cs.fontSize), weight = parseInt(cs.fontWeight, 10) || 400;
      const large = size >= 24 || (size >= 18.66 && weight >= 700);
      // A glyph standing for an image (role="img") is a graphic: WCAG 1.4.11 asks 3:1 of it.
      const graphic = !!el.closest('[role="img"]');
      const needed = graphic || large ? 3 : 4.5;
      let worst = null;
      for (const candidate of bg.candidates) {
        const text = over(fg, candidate);
        const r = contrast(text, candidate);
        if (!worst || r < worst.ratio) worst = { ratio: r, text, back: candidate };
      }
      if (bg.unmeasurable) note('contrast', el, 'text over a background image: measured against the colour under it only');
      if (worst.ratio < needed) {
        const kind = graphic ? 'graphic (1.4.11)' : large ? `large text ${size}px/${weight}` : `text ${size}px/${weight}`;
        fail('contrast', t.node, `${worst.ratio.toFixed(2)}:1 < ${needed}:1 for ${kind}: ${hex(parseColor(cs.color))}${alpha < 1 ? ` at opacity ${alpha.toFixed(2)}` : ''} on ${hex(worst.back)}`);
      }
    }
  }

  window.scrollTo(0, 0);
  out.info.scrollWidth = root.scrollWidth;
  out.info.innerWidth = innerWidth;
  out.info.innerHeight = innerHeight;

  // ---- layout and colour: every width, every scheme

  ran('overflow-document');
  if (root.scrollWidth > innerWidth) fail('overflow-document', root, `document scrollWidth ${root.scrollWidth} px > innerWidth ${innerWidth} px`);
  checkOverflow(document.body);

  ran('overflow-feature-clipped');
  for (const el of document.querySelectorAll('.feature, .feature-text')) {
    if (el.scrollWidth > el.clientWidth + 1) fail('overflow-feature-clipped', el, `scrollWidth ${el.scrollWidth} px > clientWidth ${el.clientWidth} px`);
  }

  checkContrast(document.body);

  if (opts.brand) {
    ran('brand-hue');
    const brandHue = opts.brand.hue;
    const sample = (el, what, color, backdropColor) => {
      const c = color[3] < 1 ? over(color, backdropColor) : color;
      const [h, s] = hsl(c);
      const dh = Math.min(Math.abs(h - brandHue), 360 - Math.abs(h - brandHue));
      if (dh > 10 || s <= 0.15) {
        fail('brand-hue', el, `${what} ${hex(c)} has hue ${h.toFixed(0)}° saturation ${s.toFixed(2)}; brand ${opts.brand.hex} has hue ${brandHue.toFixed(0)}° (needs ±10°, saturation > 0.15)`);
      }
    };
    const links = [...document.querySelectorAll('main a')].filter((a) => !a.closest(`${HEADINGS}, .version-number, .primary-button`));
    if (!links.length) fail('brand-hue', document.querySelector('main'), 'no link in <main> (outside headings) to measure');
    for (const a of links) sample(a, 'link color', parseColor(getComputedStyle(a).color), backdrop(a).color);
    if (opts.page === 'changelog') {
      const numbers = document.querySelectorAll('.version-number');
      if (!numbers.length) fail('brand-hue', null, 'no .version-number on the page to measure');
      for (const n of numbers) {
        const cs = getComputedStyle(n);
        const back = parseColor(cs.backgroundColor);
        if (back[3] > 0) sample(n, '.version-number background', back, backdrop(n.parentElement || n).color);
        else sample(n, '.version-number color', parseColor(cs.color), backdrop(n).color);
      }
    } else {
      const button = document.querySelector('.primary-button');
      if (!button) fail('brand-hue', null, 'no .primary-button on the page to measure');
      else sample(button, '.primary-button background', parseColor(getComputedStyle(button).backgroundColor), backdrop(button.parentElement || button).color);
    }
  }

  if (opts.page === 'changelog' && (opts.width === 1280 || opts.width === 390)) {
    const check = `first-note-${opts.width}`;
    ran(check);
    const first = document.querySelector('.feature');
    if (!first) fail(check, null, 'no .feature on the page');
    else {
      const top = first.getBoundingClientRect().top;
      if (top >= innerHeight) fail(check, first, `the first .feature starts at y ${Math.round(top)}, below the first screen (${innerHeight} px)`);
    }
  }

  // ---- the showcase's sheet

  if (opts.page === 'showcase' && opts.width === 390) {
    ran('sheet-footer-pinned');
    const footer = document.querySelector('.sheet-footer');
    if (!footer) fail('sheet-footer-pinned', null, 'no .sheet-footer');
    else {
      const position = getComputedStyle(footer).position;
      const r = footer.getBoundingClientRect();
      if (position !== 'sticky' && position !== 'fixed') fail('sheet-footer-pinned', footer, `position is ${position}, not sticky or fixed`);
      if (r.bottom > innerHeight + 0.5 || r.bottom <= 0) fail('sheet-footer-pinned', footer, `bottom edge at y ${Math.round(r.bottom)} is outside the ${innerHeight} px viewport at scroll 0`);
    }
  }
  if (opts.page === 'showcase' && opts.width === 1280) {
    ran('sheet-card');
    const sheet = document.querySelector('.sheet') || document.querySelector('main');
    if (!sheet) fail('sheet-card', null, 'no .sheet or <main>');
    else {
      const cs = getComputedStyle(sheet);
      const own = parseColor(cs.backgroundColor);
      const body = backdrop(sheet.parentElement || document.body).color;
      const background = own[3] > 0 && hex(over(own, body)) !== hex(body);
      const shadow = cs.boxShadow && cs.boxShadow !== 'none';
      const border = ['Top', 'Right', 'Bottom', 'Left'].some((side) => parseFloat(cs[`border${side}Width`]) > 0
        && cs[`border${side}Style`] !== 'none' && parseColor(cs[`border${side}Color`])[3] > 0);
      if (!background && !shadow && !border) fail('sheet-card', sheet, `not a card: background ${hex(own)} on ${hex(body)}, no box-shadow, no border`);
      const width = sheet.getBoundingClientRect().width;
      if (width > 720) fail('sheet-card', sheet, `${Math.round(width)} px wide, more than 720 px`);
    }
  }

  // ---- checks of the document itself (the same at every width): run once per page

  if (opts.structure) {
    ran('direction-isolated');
    for (const el of document.querySelectorAll('.version-title, .feature-title, .feature-subtitle, .index-title, .app-name, .secondary-action, .page')) {
      const isolate = el.closest('[dir], bdi');
      if (!isolate || isolate === root || isolate === document.body) fail('direction-isolated', el, 'no dir attribute or <bdi> on it or on an ancestor inside <body>');
    }

    ran('lang');
    const pageLang = (root.getAttribute('lang') || '').toLowerCase();
    if (!pageLang.startsWith(opts.pageLang.toLowerCase())) fail('lang', root, `<html lang="${pageLang}">, expected ${opts.pageLang}`);
    // Where a text is: the parent of each text node that is all of it (beside other elements, say), and the
    // innermost elements whose text is all of it (a text split by markup); soft hyphens and zero-width spaces
    // do not count.
    const plain = (t) => norm((t || '').replace(/[\u00ad\u200b]/g, ''));
    const all = [...document.body.querySelectorAll('*')];
    const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.data.trim()) texts.push(n);
    for (const { text, lang } of opts.langTexts || []) {
      const want = plain(text);
      const holders = new Set(texts.filter((n) => plain(n.data) === want).map((n) => n.parentElement));
      for (const el of all) {
        if (plain(el.textContent) === want && ![...el.children].some((c) => plain(c.textContent) === want)) holders.add(el);
      }
      if (!holders.size) { fail('lang', null, `the ${lang} text "${want.slice(0, 60)}" is not on the page`); continue; }
      const primary = lang.toLowerCase().split('-')[0];
      for (const el of holders) {
        const holder = el.closest('[lang]');
        const value = holder ? holder.getAttribute('lang').toLowerCase() : '';
        if (value.split('-')[0] !== primary) fail('lang', el, `a ${lang} text inside lang="${value}"`);
      }
    }

    ran('heading-levels');
    let previous = 0;
    for (const h of document.querySelectorAll(HEADINGS)) {
      const level = h.matches('[role="heading"]') ? parseInt(h.getAttribute('aria-level') || '2', 10) : parseInt(h.tagName[1], 10);
      if (level > previous + 1) fail('heading-levels', h, `h${level} follows ${previous ? `h${previous}` : 'no heading'}`);
      previous = level;
    }

    ran('skip-link');
    const focusable = (el) => {
      if (el.disabled || el.closest('[inert]')) return false;
      const tabindex = el.getAttribute('tabindex');
      if (tabindex !== null && parseInt(tabindex, 10) < 0) return false;
      if (el.tagName === 'SUMMARY' && !(el.parentElement && el.parentElement.tagName === 'DETAILS' && el.parentElement.querySelector(':scope > summary') === el)) return false;
      const closed = el.closest('details:not([open])');
      if (closed && !closed.querySelector(':scope > summary')?.contains(el)) return false;
      const cs = getComputedStyle(el);
      return cs.visibility === 'visible' && el.getClientRects().length > 0;
    };
    const candidates = [...document.querySelectorAll('a[href], area[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable="true"]')].filter(focusable);
    const positive = candidates.filter((el) => parseInt(el.getAttribute('tabindex') || '0', 10) > 0);
    const order = positive.length ? positive.concat(candidates.filter((el) => !positive.includes(el))) : candidates;
    const first = order[0];
    if (!first || !first.matches('a[href="#main"]')) fail('skip-link', first || null, `the first focusable element is ${first ? signature(first) : 'missing'}, not <a href="#main">`);
    else {
      first.focus();
      const r = first.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1 || r.right <= 0 || r.left >= innerWidth || r.bottom <= 0 || r.top >= innerHeight) fail('skip-link', first, 'the skip link is not visible when focused');
      first.blur();
    }
    if (!document.getElementById('main')) fail('skip-link', null, 'no element with id="main" to skip to');

    ran('img-label-repeats-heading');
    const headings = [...document.querySelectorAll(HEADINGS)];
    for (const img of document.querySelectorAll('[role="img"][aria-label], img[alt]')) {
      const label = norm(img.getAttribute('aria-label') ?? img.getAttribute('alt'));
      if (!label) continue;
      const next = headings.find((h) => (img.compareDocumentPosition(h) & Node.DOCUMENT_POSITION_FOLLOWING) && !img.contains(h));
      if (next && norm(next.textContent).toLowerCase() === label.toLowerCase()) fail('img-label-repeats-heading', img, `label "${label.slice(0, 60)}" is the text of the heading that follows`);
    }

    ran('list-role');
    for (const list of document.querySelectorAll('ul, ol')) {
      if (getComputedStyle(list).listStyleType === 'none' && list.getAttribute('role') !== 'list') fail('list-role', list, 'list-style-type none without role="list"');
    }

    if (opts.page === 'changelog') {
      ran('contract');
      const numbers = document.querySelectorAll('.version-number').length;
      if (numbers !== opts.versionCount) fail('contract', null, `${numbers} .version-number elements for ${opts.versionCount} versions`);
      // (The version index is the <nav> that is not the language switcher of `--locale all`, nav.languages.)
      const entries = document.querySelectorAll('nav:not(.languages) li').length;
      const indexVersions = document.querySelectorAll('nav:not(.languages) li .index-version').length;
      if (entries !== opts.versionCount || indexVersions !== opts.versionCount) fail('contract', document.querySelector('nav:not(.languages)'), `${entries} nav li entries and ${indexVersions} .index-version for ${opts.versionCount} versions`);
    } else {
      ran('contract');
      const button = document.querySelector('.primary-button');
      if (!button) fail('contract', null, 'no .primary-button');
      else if (button.tagName !== 'A') fail('contract', button, `.primary-button is a <${button.tagName.toLowerCase()}>, not an <a>`);
    }
  }

  // ---- what the secondary action's page shows once opened (its <details> opened, or its anchor followed)

  window.scrollTo(0, 0);
  const shownBefore = new Set([...document.querySelectorAll('.page')].filter((p) => p.getClientRects().length));
  const closed = [...document.querySelectorAll('details:not([open])')];
  closed.forEach((d) => { d.open = true; });
  const anchor = document.querySelector('.secondary-action[href^="#"], .secondary-action a[href^="#"]');
  if (anchor && [...document.querySelectorAll('.page')].every((p) => !p.getClientRects().length)) location.hash = anchor.getAttribute('href');
  const inSummary = (d, node) => { const s = d.querySelector(':scope > summary'); return !!s && s.contains(node); };
  const newlyShown = [...document.querySelectorAll('.page')].filter((p) => !shownBefore.has(p));
  const opened = (node) => closed.some((d) => d.contains(node) && !inSummary(d, node)) || newlyShown.some((p) => p.contains(node));
  if (closed.length || newlyShown.length) {
    checkOverflow(document.body, opened);
    checkContrast(document.body, opened);
  }
  // The version index (with every <details> open): the version first, the title and the date after it (on its
  // line or a later one), and where the title and the date share a line, the date after the title: a
  // right-to-left title must not swallow the date beside it. (A layout may put the date beside the version and
  // the title on the line below.)
  if (opts.page === 'changelog') {
    ran('index-order');
    const nav = document.querySelector('nav:not(.languages)');
    const items = nav ? nav.querySelectorAll('li') : [];
    if (!items.length) fail('index-order', nav, 'no version index (nav li) on the page');
    const name = (el) => el.matches('.index-version') ? 'version' : el.matches('.index-title') ? 'title' : 'date';
    for (const li of items) {
      const [version, title, date] = [li.querySelector('.index-version'), li.querySelector('.index-title'), li.querySelector('time')];
      if (!version || !date) {
        fail('index-order', li, `entry without ${!version ? '.index-version' : ''}${!version && !date ? ' and ' : ''}${!date ? '<time>' : ''}`);
        continue;
      }
      const rtl = getComputedStyle(li).direction === 'rtl';
      const box = (el) => el.getClientRects()[0];
      const pairs = [[version, date]];
      if (title) pairs.push([version, title], [title, date]);
      for (const [a, b] of pairs) {
        const ra = box(a), rb = box(b);
        if (!ra || !rb) { fail('index-order', li, 'an index part is not rendered'); break; }
        const laterLine = rb.top >= ra.bottom - 1;
        const sameLine = !laterLine && rb.bottom > ra.top + 1;
        if (a === title && !sameLine) continue;
        const after = laterLine || (sameLine && (rtl ? rb.right < ra.right : rb.left > ra.left));
        if (!after) {
          fail('index-order', li, `${name(b)} (x ${Math.round(rb.left)}) is not after ${name(a)} (x ${Math.round(ra.left)}) on an ${rtl ? 'RTL' : 'LTR'} line`);
          break;
        }
      }
    }
  }

  if (opts.page === 'showcase') {
    ran('page-text-align');
    const pages = [...document.querySelectorAll('.page')].filter((p) => p.getClientRects().length);
    if (!pages.length) fail('page-text-align', null, 'no .page shown after opening every <details> (and following the action\'s link)');
    for (const page of pages) {
      for (const el of page.querySelectorAll('p, li')) {
        const cs = getComputedStyle(el);
        const ok = cs.textAlign === 'start' || (cs.textAlign === 'left' && cs.direction === 'ltr') || (cs.textAlign === 'right' && cs.direction === 'rtl');
        if (!ok) fail('page-text-align', el, `text-align: ${cs.textAlign} (${cs.direction})`);
      }
    }
  }
  closed.forEach((d) => { d.open = false; });

  // ---- the showcase's `present` page, pushed without script: hidden at first; its link (an <a href="#…">)
  // shows it in place of <main>; its back link (an <a href="#…">) shows <main> again and hides it.
  if (opts.structure && opts.page === 'showcase') {
    ran('pushed-page');
    const shown = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const pushed = document.querySelector('.pushed-page');
    const link = document.querySelector('.secondary-action a[href^="#"]');
    const main = document.getElementById('main');
    if (!pushed) fail('pushed-page', null, 'no .pushed-page for the `present` action');
    else if (!link || link.getAttribute('href') !== '#' + pushed.id) fail('pushed-page', link || pushed, `the present action is not a link to #${pushed.id}`);
    else {
      if (pushedAtLoad) fail('pushed-page', pushed, 'the pushed page is shown before its link is followed');
      location.hash = link.getAttribute('href');
      if (!shown(pushed)) fail('pushed-page', pushed, 'the pushed page is not shown once its link is followed');
      if (shown(main)) fail('pushed-page', main, '<main> is still shown beside the pushed page');
      const back = pushed.querySelector('a[href^="#"]');
      if (!back) fail('pushed-page', pushed, 'the pushed page has no back link (an <a href="#…">)');
      else {
        location.hash = back.getAttribute('href');
        if (shown(pushed)) fail('pushed-page', back, 'the pushed page is still shown after its back link is followed');
        if (!shown(main)) fail('pushed-page', back, '<main> is not shown again after the back link is followed');
      }
    }
  }
  return out;
}
