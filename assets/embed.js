// Stonegrid's script-tag loader. On a page that allows script:
//   <div data-stonegrid="game=loose&size=7&moves=D4.C3"></div>
//   <script src="https://example.org/stonegrid/embed.js"></script>
// Each such div becomes a board: an iframe of the Stonegrid page next to this file, with
// `embed=1` and the div's parameters. The boards' `move` and `over` events come back to the
// host page as DOM events on the div (`stonegrid:move`, `stonegrid:over`, and a problem's
// `stonegrid:solved` and `stonegrid:failed`; detail = the data)
// and, if the host defined it, through `window.onStonegridEvent(detail, div)`.
// The attribute is data: only known keys pass, each value must have its expected shape and is
// re-encoded; nothing is evaluated or inserted as HTML. Parameters: docs/embedding.md. This
// loader knows no game: any well-formed name passes, the board itself says when it does not know
// it, and the board tells its title (`title` message) once its game has started.
(function () {
  'use strict';
  if (window.Stonegrid && window.Stonegrid.scan) { window.Stonegrid.scan(); return; }

  var script = document.currentScript;
  var base = new URL('index.html', script && script.src ? script.src : location.href);
  var SHAPES = {
    game: /^[a-z0-9-]{1,32}$/,
    size: /^\d{1,2}$/,
    komi: /^-?\d{1,3}(\.\d{1,2})?$/,
    moves: /^[A-Za-z0-9+ .]{0,8000}$/,
    bot: /^(none|1|2)$/,
    level: /^\d{1,2}$/,
    readonly: /^(0|1)$/,
    theme: /^[a-z]{1,16}$/,
    coords: /^(0|1)$/,
    numbers: /^(0|1)$/,
    caption: /^[^\u0000-\u001f\u007f]{1,500}$/,
    sgf: /^[^\s"'<>\\]{1,2000}$/,
    sl: /^[^\u0000-\u0009\u000b-\u001f\u007f]{1,8000}$/,
    mode: /^(play|problem)$/,
    puzzle: /^[a-z0-9-]{1,64}$/
  };
  // Values kept as written (the others are lower-cased).
  var CASED = ['moves', 'caption', 'sgf', 'sl'];
  var ORDER = ['game', 'size', 'komi', 'bot', 'level', 'readonly', 'theme', 'coords', 'numbers', 'caption', 'mode',
               'puzzle', 'sgf', 'sl', 'moves'];
  var frames = [];  // {iframe, div}

  // The div's attribute -> the iframe's query (a string we build; only whitelisted keys).
  function query(attribute) {
    var given = new URLSearchParams(String(attribute || '').replace(/^[?#]/, '').replace(/\+/g, '%2B'));
    var parts = ['embed=1'];
    var dropped = [];
    ORDER.forEach(function (key) {
      if (!given.has(key)) return;
      var value = given.get(key).trim();
      if (CASED.indexOf(key) < 0) value = value.toLowerCase();
      if (!SHAPES[key].test(value)) { dropped.push(key); return; }
      if (key === 'moves') value = value.replace(/ /g, '+');
      if (key === 'sgf') {  // relative to the host page
        try { value = new URL(value, location.href).href; } catch (e) { dropped.push(key); return; }
      }
      parts.push(key + '=' + encodeURIComponent(value));
    });
    given.forEach(function (_, key) { if (!SHAPES[key] && key !== 'embed') dropped.push(key); });
    if (dropped.length && window.console) console.warn('stonegrid embed: ignored parameters: ' + dropped.join(', '));
    return parts.join('&');
  }

  function mount(div) {
    if (div.getAttribute('data-stonegrid-mounted')) return;
    div.setAttribute('data-stonegrid-mounted', '1');
    var q = query(div.getAttribute('data-stonegrid'));
    var iframe = document.createElement('iframe');
    iframe.src = base.href + '?' + q;
    // allow-popups(-to-escape-sandbox): the board's "Open the full app" opens a normal tab.
    iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox');
    iframe.setAttribute('allow', 'clipboard-write');
    iframe.title = 'Stonegrid board';  // until the board tells its game
    if (!div.clientHeight) div.style.height = Math.max(320, Math.round((div.clientWidth || 480) * 0.75)) + 'px';
    iframe.style.cssText = 'display:block;width:100%;height:100%;border:0';
    div.appendChild(iframe);
    frames.push({ iframe: iframe, div: div });
  }

  function scan(root) {
    var list = (root || document).querySelectorAll('div[data-stonegrid]');
    for (var i = 0; i < list.length; ++i) mount(list[i]);
  }

  // Plain data only: a copy made through JSON, so nothing live crosses into the host page.
  function plain(value) {
    try { return JSON.parse(JSON.stringify(value === undefined ? null : value)); } catch (e) { return null; }
  }

  window.addEventListener('message', function (event) {
    var entry = null;
    for (var i = 0; i < frames.length; ++i)
      if (frames[i].iframe.contentWindow === event.source) { entry = frames[i]; break; }
    if (!entry || event.origin !== base.origin) return;
    var data = event.data;
    if (!data || typeof data !== 'object' || data.type !== 'stonegrid') return;
    if (data.event === 'title') { entry.iframe.title = String(data.title).slice(0, 200); return; }
    var detail = { type: 'stonegrid', event: data.event, state: plain(data.state) };
    if (data.event === 'move' || data.event === 'over') detail.move = String(data.move).slice(0, 200);
    else if (data.event === 'solved' || data.event === 'failed') detail.id = String(data.id).slice(0, 200);
    else return;
    entry.div.dispatchEvent(new CustomEvent('stonegrid:' + data.event, { detail: detail, bubbles: true }));
    if (typeof window.onStonegridEvent === 'function') {
      try { window.onStonegridEvent(detail, entry.div); } catch (e) { if (window.console) console.error(e); }
    }
  });

  window.Stonegrid = { scan: scan, pageUrl: base.href };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', function () { scan(); });
  else scan();
})();
