// Stonegrid's page layer, in plain JavaScript over `window.stonegrid` (shell.html): share links
// (URL query and hash parameters), the location hash mirroring the current game, autosave and
// the recent-games list in localStorage, "Copy link" / "Copy SGF" / "Open the full app" (the
// app's panel and embed toolbar call them), embedding (embed=1 and readonly=1 switch the app's
// own modes; events go to the host page through postMessage) and the service worker.
// Parameters and how the page treats bad ones: docs/embedding.md. Everything that comes from
// the URL or from storage is data: it is validated, never evaluated, and only ever reaches the
// DOM through textContent.
(function () {
  'use strict';

  // The games and their facts come from the engine (stonegrid.games(): core/game_facts.h), read
  // once it has started, and the engine judges a game's settings (stonegrid.checkSettings) and
  // gives its turns as text (stonegrid.record): the page keeps no copy of a rule or a format.
  var FACTS = null;
  function facts(name) {
    if (!FACTS) {
      FACTS = {};
      api.games().forEach(function (f) { FACTS[f.name] = f; });
    }
    return name === undefined ? FACTS : FACTS[name];
  }
  // The help's pages: one per game, then the controls.
  function helpPages() { return Object.keys(facts()).length + 1; }
  var THEMES = ['wood', 'flat', 'light', 'dark', 'transparent', 'auto'];
  // The page colour behind an embedded board in each diagram frame (web/diagram_mode.cpp's).
  var FRAMES = { light: '#f6f3ee', dark: '#22272e', wood: '#dcb35c', transparent: 'transparent' };
  var GAME_KEYS = ['game', 'size', 'komi', 'moves', 'bot', 'level', 'sgf', 'sl', 'puzzle'];
  var VIEW_KEYS = ['theme', 'coords', 'embed', 'readonly', 'numbers', 'caption', 'help', 'mode'];
  var MAX_CAPTION = 500;  // characters of the caption= parameter
  var MAX_SGF_URL = 2000;
  var CURRENT_KEY = 'stonegrid.current';
  var RECENT_KEY = 'stonegrid.recent';
  var RECENT_MAX = 10;
  var MAX_MOVES = 2000;

  var api = window.stonegrid;
  if (!api) return;
  var noticeBox = null;

  // --- notices: a small dismissible banner over the canvas ----------------------------------

  function style(el, css) { el.setAttribute('style', css); return el; }

  function notice(text) {
    if (!noticeBox) {
      noticeBox = style(document.createElement('div'),
        'position:fixed;left:4px;top:4px;z-index:20;max-width:min(calc(100vw - 8px),460px);pointer-events:none;' +
        'display:flex;flex-direction:column;align-items:flex-start;gap:4px;font:13px/1.35 system-ui,sans-serif');
      noticeBox.id = 'sg-notices';
      noticeBox.setAttribute('role', 'status');
      noticeBox.setAttribute('aria-live', 'polite');
      document.body.appendChild(noticeBox);
    }
    var item = style(document.createElement('div'),
      'display:flex;align-items:flex-start;gap:8px;background:#3b3324;color:#f6e7c1;border:1px solid #a08850;' +
      'border-radius:6px;padding:6px 8px;box-shadow:0 2px 8px rgba(0,0,0,.4);pointer-events:auto');
    item.className = 'sg-notice';
    var span = document.createElement('span');
    span.textContent = String(text);
    span.style.flex = '1';
    var close = style(document.createElement('button'),
      'background:none;border:0;color:inherit;font:inherit;font-size:16px;line-height:1;cursor:pointer;padding:0 2px');
    close.type = 'button';
    close.textContent = '×';
    close.setAttribute('aria-label', 'Dismiss');
    close.addEventListener('click', function () { item.remove(); });
    item.appendChild(span);
    item.appendChild(close);
    noticeBox.appendChild(item);
    while (noticeBox.children.length > 5) noticeBox.firstChild.remove();
    return item;
  }

  // --- parameters -----------------------------------------------------------------------------

  // "a=1&b=2" -> {a: "1", b: "2"}. '+' stays '+' (Looper ballot turns are "A1+B2"); a space,
  // which form-encoding makes of '+', is read back as '+' in moves.
  function parseParams(text) {
    var out = {};
    text = String(text || '').replace(/^[#?]+/, '');
    if (!text) return out;
    text.split('&').forEach(function (pair) {
      if (!pair) return;
      var eq = pair.indexOf('=');
      var key = eq < 0 ? pair : pair.slice(0, eq);
      var value = eq < 0 ? '' : pair.slice(eq + 1);
      try { key = decodeURIComponent(key); value = decodeURIComponent(value); } catch (e) { return; }
      key = key.trim().toLowerCase();
      if (GAME_KEYS.indexOf(key) < 0 && VIEW_KEYS.indexOf(key) < 0) return;
      out[key] = value.slice(0, 20000);
    });
    return out;
  }

  function readParams() {
    var query = parseParams(location.search);
    var hash = parseParams(location.hash);
    var merged = {};
    Object.keys(query).forEach(function (k) { merged[k] = query[k]; });
    Object.keys(hash).forEach(function (k) { merged[k] = hash[k]; });  // the hash wins
    return merged;
  }

  function shorten(value, length) {
    value = String(value);
    return value.length > length ? value.slice(0, length) + '…' : value;
  }

  function quote(value) { return "'" + shorten(value, 40) + "'"; }

  // An engine's sentence ("size 8 is not allowed in Loose (…)") as a notice's first words.
  function sentence(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

  function parseFlag(value) {
    var v = String(value).trim().toLowerCase();
    if (v === '1' || v === 'true' || v === 'yes' || v === 'on' || v === '') return true;
    if (v === '0' || v === 'false' || v === 'no' || v === 'off') return false;
    return null;
  }

  function splitMoves(text) {
    return String(text).split('.').map(function (m) { return m.trim().replace(/ /g, '+'); })
      .filter(function (m) { return m.length > 0; });
  }

  // Validates the parameters; every bad one falls back to its default with a notice.
  // Returns {settings: {game, size, komi, bot, level}, moves, view: {...}, hasGame}.
  function validate(p, say) {
    var s = { game: '', size: 0, komi: null, bot: 'none', level: 3 };
    var view = {};
    // The engine judges the game, size and komi; its defaults: the engine's game, the game's size.
    var chosen = api.checkSettings('');
    if (p.game !== undefined) {
      var named = api.checkSettings(String(p.game).trim());
      if (named.error) say(sentence(named.error) + '. Playing ' + facts(chosen.game).short_title + ' instead.');
      else chosen = named;
    }
    s.game = chosen.game;
    s.size = chosen.size;
    if (p.size !== undefined) {
      var n = /^\s*\d{1,3}\s*$/.test(p.size) ? parseInt(p.size, 10) : NaN;
      var sized = isNaN(n) ? { error: 'board size ' + quote(p.size) + ' is not a number' } : api.checkSettings(s.game, n);
      if (sized.error) say(sentence(sized.error) + '. Using ' + s.size + '.');
      else s.size = n;
    }
    if (p.komi !== undefined && chosen.komi !== null) {
      var k = /^\s*[-+]?\d{1,4}(\.\d{1,3})?\s*$/.test(p.komi) ? Number(p.komi) : NaN;
      var komi = isNaN(k) ? { error: 'komi ' + quote(p.komi) + ' is not a number' } : api.checkSettings(s.game, s.size, k);
      if (komi.error) say(sentence(komi.error) + '. Using the default, ' + chosen.komi + '.');
      else s.komi = k;
    }
    if (p.bot !== undefined) {
      var b = String(p.bot).trim().toLowerCase();
      if (b === 'none' || b === '1' || b === '2') s.bot = b;
      else say('Bot ' + quote(p.bot) + ' is not none, 1 or 2: no bot.');
    }
    if (p.level !== undefined) {
      var l = /^\s*\d{1,2}\s*$/.test(p.level) ? parseInt(p.level, 10) : NaN;
      if (l >= 1 && l <= 10) s.level = l;
      else say('Level ' + quote(p.level) + ' is not 1 to 10: using 3.');
    }
    if (p.theme !== undefined) {
      var t = String(p.theme).trim().toLowerCase();
      if (THEMES.indexOf(t) >= 0) view.theme = t;
      else say('Theme ' + quote(p.theme) + ' is not known (' + THEMES.join(', ') + '): using the default.');
    }
    if (p.caption !== undefined) {
      // Text only (it is drawn by the app, never made HTML); control characters become spaces.
      var caption = String(p.caption).replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
      if (caption.length > MAX_CAPTION) {
        say('The caption is ' + caption.length + ' characters long: only the first ' + MAX_CAPTION + ' are shown.');
        caption = caption.slice(0, MAX_CAPTION);
      }
      if (caption) view.caption = caption;
    }
    var sgfUrl = null;
    if (p.sgf !== undefined) {
      var address = String(p.sgf).trim();
      var resolved = null;
      try { resolved = address.length <= MAX_SGF_URL ? new URL(address, location.href) : null; } catch (e) { resolved = null; }
      if (resolved && /^https?:$/.test(resolved.protocol)) sgfUrl = resolved.href;
      else say('sgf ' + quote(p.sgf) + ' is not an http(s) address of an SGF file: ignored.');
    }
    // help=1..: open the help at that page (the games, then the controls).
    if (p.help !== undefined) {
      var h = parseInt(String(p.help), 10);
      if (h >= 1 && h <= helpPages() && String(h) === String(p.help).trim()) view.help = h;
      else say('help ' + quote(p.help) + ' is not a page from 1 to ' + helpPages() + ': ignored.');
    }
    ['coords', 'embed', 'readonly', 'numbers'].forEach(function (key) {
      if (p[key] === undefined) return;
      var f = parseFlag(p[key]);
      if (f === null) say(key + ' ' + quote(p[key]) + ' is not 0 or 1: ignored.');
      else view[key] = f;
    });
    // mode=problem: a puzzle by name (puzzle=) or an SGF task (sgf=) the reader solves.
    var problem = null;
    if (p.mode !== undefined) {
      var m = String(p.mode).trim().toLowerCase();
      if (m === 'problem') problem = {};
      else if (m !== 'play') say('mode ' + quote(p.mode) + ' is not play or problem: ignored.');
    }
    if (p.puzzle !== undefined) {
      var id = String(p.puzzle).trim().toLowerCase();
      if (!/^[a-z0-9-]{1,64}$/.test(id)) say('puzzle ' + quote(p.puzzle) + ' is not a puzzle\'s name (e.g. go-puzzle-9): ignored.');
      else if (problem) problem.puzzle = id;
      else say('puzzle= needs mode=problem: ignored.');
    }
    // sl=: a Sensei's Library diagram; its lines may also be run together ("$$B …$$ | . X |").
    var sl = null;
    if (p.sl !== undefined && String(p.sl).trim()) {
      sl = String(p.sl).trim();
      if (sl.indexOf('\n') < 0) sl = sl.replace(/\s*(\$\$)/g, '\n$1').replace(/^\n/, '');
    }
    var moves = p.moves !== undefined ? splitMoves(p.moves) : [];
    if (moves.length > MAX_MOVES) {
      say('Only the first ' + MAX_MOVES + ' moves are replayed.');
      moves = moves.slice(0, MAX_MOVES);
    }
    var hasGame = !!problem || GAME_KEYS.some(function (key) { return p[key] !== undefined; });
    return { settings: s, moves: moves, view: view, hasGame: hasGame, sgfUrl: sgfUrl, problem: problem, sl: sl };
  }

  // --- state of this page layer ---------------------------------------------------------------

  var settings = { game: '', size: 0, komi: null, bot: 'none', level: 3 };
  var view = {};
  var moves = [];          // the current game's turns, as text
  var gameId = newId();
  var replaying = false;   // while this layer replays moves itself (no events to the host page)
  var signature = '';
  var embed = false;
  var readonly = false;
  var title = '';          // the board's title, as last told to an embedding page
  // sl=: the diagram the game started from ({text, base: its turns, game, size}, kept in the link
  // while it is the game), or the text that could not be read (`failed`: kept until a move).
  var sl = null;

  function newId() { return Date.now().toString(36) + Math.random().toString(36).slice(2, 8); }

  function players(bot) {
    return { 1: bot === '1' ? 'bot' : 'human', 2: bot === '2' ? 'bot' : 'human' };
  }

  function options(s) {
    var o = { game: s.game, size: s.size, players: players(readonly ? 'none' : s.bot), level: s.level };
    if (s.komi !== null && s.komi !== undefined && facts(s.game).has_komi) o.komi = s.komi;
    return o;
  }

  // The longest move text the app takes (shell.html's limits), in UTF-8 bytes.
  function moveTooLong(text) {
    var cap = api.limits ? api.limits.move : 256;
    return text.length > cap || new TextEncoder().encode(text).length > cap;
  }

  // Starts a game and replays `list`; stops at the first illegal turn with a notice. Returns the
  // number of turns played.
  function startGame(s, list, label) {
    replaying = true;
    var played = 0;
    try {
      newGameRaw(options(s));
      for (; played < list.length; ++played) {
        if (moveTooLong(list[played])) {
          notice((label || 'Move') + ' ' + (played + 1) + ' ' + quote(list[played]) + ' is too long to be a move. ' +
                 'The replay stops before it.');
          break;
        }
        if (!api.play(list[played])) {
          notice((label || 'Move') + ' ' + (played + 1) + ' ' + quote(list[played]) + ' is not legal here: ' +
                 (api.lastMessage() || 'refused') + '. The replay stops before it.');
          break;
        }
      }
    } finally {
      replaying = false;
    }
    return played;
  }

  // Who the bot plays, from the app's state: {bot: 'none'|'1'|'2', level}. The link format has
  // one bot; when both players are bots it names player 1's.
  function botOf(st) {
    var pl = st.players;
    if (!pl || !pl[1] || !pl[2]) return null;
    var bot = pl[1].bot ? '1' : pl[2].bot ? '2' : 'none';
    return { bot: bot, level: bot === 'none' ? settings.level : pl[bot].level | 0 };
  }

  // Follows the app: settings and players changed from the panel's new-game dialog, undo, a
  // loaded SGF, a new move. The SGF is read only when the game changed (an undo and a move since
  // leave as many moves: the turns tell).
  function sync() {
    var st = api.state();
    if (!st) return;
    // A lesson's or puzzle's position is practice: not saved, not in the address bar (the game
    // under way comes back when the lessons end).
    if (st.practice) return;
    var record = api.record();
    var sig = [st.game, st.size, st.komi, record.turns, record.setup, st.over, st.winner, JSON.stringify(st.players || null)].join('|');
    if (sig === signature) return;
    var sgf = api.sgf();
    // A diagram's players are forced human (no bot in a diagram); keep the link's own.
    var who = readonly ? null : botOf(st);
    var changedGame = st.game !== settings.game || st.size !== settings.size ||
      (facts(st.game).has_komi && settings.komi !== null && st.komi !== settings.komi) ||
      (who && (who.bot !== settings.bot || who.level !== settings.level));
    if (changedGame || (st.moves === 0 && moves.length > 2)) gameId = newId();
    if (who) { settings.bot = who.bot; settings.level = who.level; }
    settings.game = st.game;
    settings.size = st.size;
    settings.komi = !facts(st.game).has_komi ? null : st.komi;
    if (sl && !sl.failed && (st.game !== sl.game || st.size !== sl.size || record.turns.length < sl.base)) sl = null;
    if (sl && sl.failed && record.turns.length > 0) sl = null;
    // Setup stones (a loaded SGF's) are not expressible as turns: the link keeps the turns it has;
    // a diagram's link keeps the diagram and the turns after it.
    if (sl && !sl.failed) moves = record.turns.slice(sl.base);
    else if (!record.setup) moves = record.turns;
    else if (st.moves < moves.length) moves = moves.slice(0, st.moves);
    signature = sig;
    writeHash();
    var named = 'Stonegrid board: ' + facts(st.game).short_title + ' ' + st.size + '×' + st.size + (readonly ? ' (diagram)' : '');
    if (named !== title) post({ event: 'title', title: title = named });
    if (deferSave) {
      saveSoon(st, sgf);
    } else {
      if (pendingSave) { clearTimeout(pendingSave.timer); pendingSave = null; }  // this one is newer
      save(st, sgf);
    }
  }

  // --- the location hash ----------------------------------------------------------------------

  function encodeValue(v) { return encodeURIComponent(String(v)).replace(/%2B/gi, '+'); }

  function paramsText(includeView) {
    var parts = ['game=' + settings.game, 'size=' + settings.size];
    if (facts(settings.game).has_komi && settings.komi !== null && settings.komi !== undefined)
      parts.push('komi=' + encodeValue(settings.komi));
    parts.push('bot=' + settings.bot, 'level=' + settings.level);
    if (includeView) {
      if (view.theme) parts.push('theme=' + view.theme);
      if (view.coords !== undefined) parts.push('coords=' + (view.coords ? 1 : 0));
      if (view.embed !== undefined) parts.push('embed=' + (view.embed ? 1 : 0));
      if (view.readonly !== undefined) parts.push('readonly=' + (view.readonly ? 1 : 0));
      parts.push.apply(parts, diagramParams());
    }
    if (sl) parts.push('sl=' + encodeURIComponent(sl.text));
    parts.push('moves=' + moves.map(encodeValue).join('.'));
    return parts.join('&');
  }

  // The diagram parameters a link keeps: numbers=, caption=.
  function diagramParams() {
    var parts = [];
    if (view.numbers !== undefined) parts.push('numbers=' + (view.numbers ? 1 : 0));
    if (view.caption) parts.push('caption=' + encodeURIComponent(view.caption));
    return parts;
  }

  function writeHash() {
    var hash = '#' + paramsText(true);
    if (location.hash === hash) return;
    try { history.replaceState(history.state, '', location.pathname + location.search + hash); } catch (e) { /* file: */ }
  }

  function link() {
    var text = paramsText(false);
    if (view.theme) text += '&theme=' + view.theme;
    if (view.coords !== undefined) text += '&coords=' + (view.coords ? 1 : 0);
    diagramParams().forEach(function (part) { text += '&' + part; });
    return location.origin + location.pathname + '#' + text;
  }

  // --- autosave and recent games --------------------------------------------------------------

  function storage() {
    try { return window.localStorage; } catch (e) { return null; }
  }

  function readJson(key) {
    var store = storage();
    if (!store) return null;
    try { return JSON.parse(store.getItem(key) || 'null'); } catch (e) { return null; }
  }

  function writeJson(key, value) {
    var store = storage();
    if (!store) return;
    try { store.setItem(key, JSON.stringify(value)); } catch (e) { /* full or denied */ }
  }

  function save(st, sgf) {
    if (embed) return;  // an embedded board never overwrites the visitor's own game
    var entry = {
      id: gameId,
      settings: { game: settings.game, size: settings.size, komi: settings.komi, bot: settings.bot, level: settings.level },
      moves: moves.slice(),
      sgf: sgf,
      savedAt: new Date().toISOString(),
      title: facts(settings.game).short_title + ' ' + settings.size + '×' + settings.size,
      over: !!(st && st.over),
      winner: st ? st.winner : null,
      winnerPlayer: st ? st.winner_player : null
    };
    writeJson(CURRENT_KEY, entry);
    if (!entry.moves.length) return;
    var recent = readJson(RECENT_KEY);
    if (!Array.isArray(recent)) recent = [];
    recent = recent.filter(function (r) { return r && r.id !== entry.id; });
    recent.unshift(entry);
    writeJson(RECENT_KEY, recent.slice(0, RECENT_MAX));
  }

  // A move made inside a frame (a click, the bot's move) is saved in a task of its own right
  // after the frame rather than within it, so the browser's drawing of that frame does not wait
  // for the storage writes (docs/benchmarks.md, "Page responsiveness"). The hash is written at
  // once (a reload reopens the hash); leaving or hiding the page saves at once.
  var deferSave = false;
  var pendingSave = null;  // {timer, state, sgf}
  function saveSoon(st, sgf) {
    if (pendingSave) clearTimeout(pendingSave.timer);
    pendingSave = { timer: setTimeout(flushSave, 0), state: st, sgf: sgf };
  }
  function flushSave() {
    if (!pendingSave) return;
    var p = pendingSave;
    pendingSave = null;
    clearTimeout(p.timer);
    save(p.state, p.sgf);
  }

  // Checks a saved entry's shape (it is data from storage: trust nothing).
  function cleanEntry(e) {
    if (!e || typeof e !== 'object' || !e.settings || !Array.isArray(e.moves)) return null;
    var p = { game: e.settings.game, size: String(e.settings.size), bot: e.settings.bot, level: String(e.settings.level) };
    if (e.settings.komi !== null && e.settings.komi !== undefined) p.komi = String(e.settings.komi);
    var bad = false;
    var v = validate(p, function () { bad = true; });
    if (bad) return null;
    var list = e.moves.slice(0, MAX_MOVES);
    if (!list.every(function (m) { return typeof m === 'string' && !moveTooLong(m); })) return null;
    return { settings: v.settings, moves: list, sgf: typeof e.sgf === 'string' ? e.sgf : '' };
  }

  // Replays a saved entry (the autosave or a recent game); false when it is not one this page
  // can read. Throws when the app refuses it.
  function restore(entry, label) {
    var e = cleanEntry(entry);
    if (!e) return false;
    settings = e.settings;
    gameId = entry.id && typeof entry.id === 'string' ? entry.id.slice(0, 40) : newId();
    var played = startGame(settings, e.moves, label || 'Saved move');
    moves = e.moves.slice(0, played);
    signature = '';
    sync();
    return true;
  }

  // Restores the autosave at start-up. One that cannot be restored is removed, so it does not
  // fail again on every load, and a fresh game starts with a notice.
  function restoreAutosave(entry) {
    var reason = 'it is not a game this page can read';
    try {
      if (restore(entry, 'Saved move')) return;
    } catch (e) {
      reason = e && e.message ? e.message : String(e);
    }
    var store = storage();
    try { if (store) store.removeItem(CURRENT_KEY); } catch (e) { /* denied */ }
    settings = validate({}, function () {}).settings;
    gameId = newId();
    moves = [];
    startGame(settings, [], 'Move');
    notice('The saved game could not be restored (' + shorten(reason, 200) + '): a new game was started.');
  }

  // --- copy -----------------------------------------------------------------------------------

  function copyText(text, what) {
    function fallback() {
      var area = document.createElement('textarea');
      area.value = text;
      area.setAttribute('readonly', '');
      style(area, 'position:fixed;left:-9999px;top:0;opacity:0');
      document.body.appendChild(area);
      area.select();
      var ok = false;
      try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
      area.remove();
      return ok;
    }
    function done(ok) {
      notice(ok ? what + ' copied.' : 'Could not copy the ' + what.toLowerCase() + ': your browser refused.');
      return text;
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      return navigator.clipboard.writeText(text).then(function () { return done(true); },
        function () { return done(fallback()); });
    }
    return Promise.resolve(done(fallback()));
  }

  // --- start ----------------------------------------------------------------------------------

  var newGameRaw = api.newGame;

  function start() {
    var p = readParams();
    var v = validate(p, notice);
    view = v.view;
    embed = !!view.embed;
    if (v.problem) delete view.readonly;  // a problem is played
    readonly = !!view.readonly;

    // A game a script starts is a new game (an id of its own), even with the same settings;
    // who plays comes from the app's state.
    api.newGame = function (o) {
      var result = newGameRaw.call(api, o);
      if (!replaying) {
        settings.komi = null;
        sl = null;
        gameId = newId();
        signature = '';
        sync();
      }
      return result;
    };

    if (embed) document.documentElement.classList.add('sg-embed');
    // An embedded board's frame. With no theme it is light, as most wiki pages are: a frame in
    // another origin cannot see its host's colours, and a reader's dark browser does not make the
    // host page dark (theme=dark for a dark host; theme=auto follows the reader's colour scheme).
    // The page takes the frame's colour too (shell.html sets it before anything loads);
    // `transparent` lets the host page show through.
    var frame = view.theme;
    if (embed && !frame) frame = 'light';
    if (embed && frame === 'auto')
      frame = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    if (frame === 'auto') frame = null;  // the full app keeps its own look
    if (embed && frame && FRAMES[frame]) {
      document.documentElement.style.background = FRAMES[frame];
      document.body.style.background = FRAMES[frame];
    }
    // The app's own modes: embed (no panel, a small toolbar) and readonly (a diagram with move
    // navigation, no input from the visitor).
    var vs = {};
    if (frame) vs.theme = frame;
    if (view.coords !== undefined) vs.coordinates = view.coords;
    if (view.help) vs.help = String(view.help);
    if (view.numbers !== undefined) vs.numbers = view.numbers;
    if (view.caption) vs.caption = view.caption;
    if (embed) vs.embed = true;
    if (readonly) vs.readonly = true;
    try { api.setView(vs); } catch (e) { notice('The app does not know a view setting: ' + e.message); }

    if (v.sl) {
      settings = v.settings;
      startGame(settings, [], 'Move');
      loadSl(v.sl, v.moves);
    } else if (v.hasGame && !v.problem) {
      settings = v.settings;
      var played = startGame(settings, v.moves, 'Move');
      moves = v.moves.slice(0, played);
    } else if (v.hasGame) {
      settings = v.settings;
      startGame(settings, [], 'Move');
    } else if (!embed) {
      // A returning visitor resumes the saved game; a first visit (nothing played yet) stays on
      // the app's home screen.
      var saved = readJson(CURRENT_KEY);
      if (saved && !(Array.isArray(saved.moves) && saved.moves.length === 0)) restoreAutosave(saved);
    }
    signature = '';
    sync();
    if (v.problem) openProblem(v.problem, v.sgfUrl);
    else if (v.sgfUrl) loadSgfUrl(v.sgfUrl);

    // A script's stonegrid.play() is not inside a frame: its move is saved before play() returns.
    var playing = 0;
    var playRaw = api.play;
    api.play = function (move) {
      ++playing;
      try { return playRaw.call(api, move); } finally { --playing; }
    };
    api.on('move', function (e) {
      if (replaying) return;
      deferSave = !playing;
      try { sync(); } finally { deferSave = false; }
      post({ event: 'move', move: String(e.move), state: e.state });
    });
    window.addEventListener('pagehide', flushSave);
    document.addEventListener('visibilitychange', function () { if (document.visibilityState === 'hidden') flushSave(); });
    api.on('over', function (e) {
      if (replaying) return;
      post({ event: 'over', move: String(e.move), state: e.state });
    });
    ['solved', 'failed'].forEach(function (name) {
      api.on(name, function (e) { post({ event: name, id: String(e.id), state: e.state }); });
    });
    setInterval(function () { if (!replaying) sync(); }, 1000);
  }

  // sl=: the diagram's position, then the link's moves after it; bad text leaves the board as the
  // other parameters made it, says why (with the line and column), and stays in the address bar
  // to be corrected.
  function loadSl(text, list) {
    try {
      var st = api.loadSl(text, settings.game);
      sl = { text: text, base: api.record().turns.length, game: st.game, size: st.size };
      settings.game = st.game;
      settings.size = st.size;
      replaying = true;
      try {
        for (var i = 0; i < list.length && api.play(list[i]); ++i) { /* the turns after the diagram */ }
        if (i < list.length)
          notice('Move ' + (i + 1) + ' ' + quote(list[i]) + ' after the diagram is not legal here: ' +
                 (api.lastMessage() || 'refused') + '. The replay stops before it.');
      } finally {
        replaying = false;
      }
    } catch (e) {
      sl = { text: text, failed: true };
      notice('The sl= diagram could not be read: ' + shorten(e && e.message ? e.message : e, 240) +
             '. The board shows the other parameters\' game; the diagram stays in the address bar to be corrected.');
    }
  }

  // mode=problem: a built-in puzzle by name, or an SGF task fetched from sgf=.
  function openProblem(problem, url) {
    var open = function (o) {
      try { api.openProblem(o); } catch (e) {
        notice('The problem could not be opened: ' + shorten(e && e.message ? e.message : e, 240) + '.');
      }
    };
    if (problem.puzzle) return open({ puzzle: problem.puzzle });
    if (!url) return notice('mode=problem needs a puzzle= name or the sgf= address of a problem.');
    var cap = api.limits ? api.limits.sgf : 1048576;
    fetch(url).then(function (response) {
      if (!response.ok) throw new Error('the server answered ' + response.status);
      var length = Number(response.headers.get('content-length') || 0);
      if (length > cap) throw new Error('it is ' + length + ' bytes long; at most ' + cap + ' are read');
      return response.text();
    }).then(function (text) { open({ sgf: text }); }, function (e) {
      notice('The problem ' + quote(url) + ' could not be loaded: ' + shorten(e && e.message ? e.message : e, 200) + '.');
    });
  }

  // sgf=: the record (with its marks, labels and comments) fetched and loaded; a failure leaves
  // the board as the other parameters made it, with a notice.
  function loadSgfUrl(url) {
    var cap = api.limits ? api.limits.sgf : 1048576;
    fetch(url).then(function (response) {
      if (!response.ok) throw new Error('the server answered ' + response.status);
      var length = Number(response.headers.get('content-length') || 0);
      if (length > cap) throw new Error('it is ' + length + ' bytes long; at most ' + cap + ' are read');
      return response.text();
    }).then(function (text) {
      // A text that is not a record is said once, by the app over the board (loadSgf throws too).
      try { api.loadSgf(text); } catch (e) { /* said */ }
    }, function (e) {
      notice('The SGF file ' + quote(url) + ' could not be loaded: ' + shorten(e && e.message ? e.message : e, 200) + '.');
    });
  }

  // To the embedding page (embed.js): `move` and `over` events, and the board's `title`.
  function post(message) {
    if (!embed || window.parent === window) return;
    message.type = 'stonegrid';
    try { window.parent.postMessage(message, '*'); } catch (err) { /* a detached frame */ }
  }

  // The API this layer adds (the ImGui panel may call these too).
  api.recentGames = function () {
    var recent = readJson(RECENT_KEY);
    return Array.isArray(recent) ? recent.filter(function (r) { return cleanEntry(r); }) : [];
  };
  api.openRecent = function (index) {
    var entry = api.recentGames()[index | 0];
    if (!entry) return false;
    try {
      return restore(entry, 'Saved move');
    } catch (e) {
      notice('That game could not be opened: ' + shorten(e && e.message ? e.message : e, 200) + '.');
      return false;
    }
  };
  api.shareLink = function () { return link(); };
  api.copyLink = function () { return copyText(link(), 'Link'); };
  api.copySgf = function () { return copyText(api.sgf(), 'SGF'); };
  // The same game in the full page, in a new tab (from an embedded board's menu).
  // `help` (1, 2, ...): with the help open at that page (an embedded board has no room beside it).
  api.openFullApp = function (help) {
    return window.open(link() + (help >= 1 && help <= helpPages() ? '&help=' + (help | 0) : ''), '_blank', 'noopener');
  };
  api.notice = function (text) { notice(String(text)); };
  api.pageMoves = function () { return moves.slice(); };

  api.ready.then(function () {
    api.readyTime = window.performance ? performance.now() : 0;
    try { start(); } catch (e) {
      console.warn('stonegrid page layer:', e);
      notice('The page could not apply its settings: ' + (e && e.message ? e.message : e));
    }
    // Not in embed mode: a host page with several boards should not precache the app once each.
    try {
      if (!embed && 'serviceWorker' in navigator && /^https?:$/.test(location.protocol)) {
        navigator.serviceWorker.register('sw.js').catch(function (e) { console.warn('service worker:', e && e.message); });
      }
    } catch (e) { /* storage denied (a third-party frame): no offline copy */ }
  }, function () { /* shell.html shows the failure */ });
})();
