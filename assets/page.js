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
  var LINKS_KEY = 'stonegrid.links';  // the games by link this device keeps
  var LINKS_MAX = 50;
  var LINK_KEYS = ['friend', 'live', 'stun'];  // a game by link, a live offer, a STUN server
  var MAX_MOVES = 2000;

  var api = window.stonegrid;
  if (!api) return;
  var noticeBox = null;

  // --- notices: a small dismissible banner over the canvas ----------------------------------

  function style(el, css) { el.setAttribute('style', css); return el; }

  // A notice stays until dismissed; a `transient` one (what a button just did: "Link copied.",
  // the live connection's news) goes by itself after a few seconds and replaces the transient
  // one before it, so they never pile up over the board.
  function notice(text, transient) {
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
    if (transient) {
      item.setAttribute('data-transient', '1');
      [].slice.call(noticeBox.querySelectorAll('[data-transient]')).forEach(function (old) { old.remove(); });
      setTimeout(function () { item.remove(); }, 6000);
    }
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
      if (GAME_KEYS.indexOf(key) < 0 && VIEW_KEYS.indexOf(key) < 0 && LINK_KEYS.indexOf(key) < 0) return;
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
  var titleHeld = false;   // while a problem or sgf= record loads: its size is not known yet
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
    tellTitle(st);
    // A lesson's or puzzle's position is practice: not saved, not in the address bar (the game
    // under way comes back when the lessons end).
    if (st.practice) return;
    var record = api.record();
    var sig = [st.game, st.size, st.komi, record.turns, record.setup, st.over, st.winner, JSON.stringify(st.players || null),
      JSON.stringify(st.friend || null), reviewProgress()].join('|');
    if (sig === signature) return;
    var sgf = api.sgf();
    // A diagram's players are forced human (no bot in a diagram); keep the link's own.
    var who = readonly ? null : botOf(st);
    var changedGame = st.game !== settings.game || st.size !== settings.size ||
      (facts(st.game).has_komi && settings.komi !== null && st.komi !== settings.komi) ||
      (who && (who.bot !== settings.bot || who.level !== settings.level));
    if (st.friend) gameId = 'link-' + st.friend.id;  // a game by link is one entry, whatever happens
    else if (changedGame || (st.moves === 0 && moves.length > 2) || /^link-/.test(gameId)) gameId = newId();
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
    friendGame = st.friend || null;
    if (friendGame) keepLinkGame(st);
    writeHash();
    if (deferSave) {
      saveSoon(st, sgf);
    } else {
      if (pendingSave) { clearTimeout(pendingSave.timer); pendingSave = null; }  // this one is newer
      save(st, sgf);
    }
  }

  // The board's title to the embedding page, once the position is known (a problem's or an sgf=
  // record's size comes with it), and again when it changes. A problem is practice (no sync past
  // the first lines), so this is told from the top of sync.
  function tellTitle(st) {
    if (titleHeld || !st) return;
    var named = 'Stonegrid board: ' + facts(st.game).short_title + ' ' + st.size + '×' + st.size + (readonly ? ' (diagram)' : '');
    if (named !== title) post({ event: 'title', title: title = named });
  }

  // The problem or record has loaded (or failed to: the board stays as it is): the title follows it.
  function releaseTitle() {
    titleHeld = false;
    tellTitle(api.state());
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
    // A game by link is not a share link (opened elsewhere it would be a game of two people
    // here): the address keeps no hash, and a reload puts the game back from storage.
    var hash = friendGame ? '' : '#' + paramsText(true);
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

  // The review's progress, for the signature: saved when it finishes and every 10 positions.
  function reviewProgress() {
    var r = typeof api.ui === 'function' ? api.ui().review : null;
    return !r ? '' : r.finished ? 'reviewed' : 'reviewing ' + Math.floor(r.searched / 10);
  }

  // The review of the game (finished or partial) kept with it (a game with set-up stones is
  // put back from its SGF: `restore`).
  function reviewText() {
    return typeof api.reviewText === 'function' ? api.reviewText() : '';
  }

  function save(st, sgf) {
    if (embed) return;  // an embedded board never overwrites the visitor's own game
    var review = reviewText();
    var entry = {
      id: gameId,
      friend: st && st.friend ? st.friend.id : undefined,
      settings: { game: settings.game, size: settings.size, komi: settings.komi, bot: settings.bot, level: settings.level },
      moves: moves.slice(),
      sgf: sgf,
      savedAt: new Date().toISOString(),
      title: facts(settings.game).short_title + ' ' + settings.size + '×' + settings.size,
      over: !!(st && st.over),
      winner: st ? st.winner : null,
      winnerPlayer: st ? st.winner_player : null
    };
    if (review) entry.review = review;
    if (api.record().setup) entry.setup = true;  // its turns alone do not replay it: its SGF does
    writeJson(CURRENT_KEY, entry);
    if (!entry.moves.length && !(entry.setup && st && st.moves > 0)) return;
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
    return { settings: v.settings, moves: list, sgf: typeof e.sgf === 'string' ? e.sgf : '',
      review: typeof e.review === 'string' ? e.review : '' };
  }

  // Replays a saved entry (the autosave or a recent game); false when it is not one this page
  // can read. Throws when the app refuses it.
  function restore(entry, label) {
    if (entry && typeof entry.friend === 'string') {
      var kept = linkEntries().filter(function (k) { return k.id === entry.friend; })[0];
      if (!kept) throw new Error('the game by link is no longer kept on this device');
      return resumeLink(kept);
    }
    var e = cleanEntry(entry);
    if (!e) return false;
    settings = e.settings;
    gameId = entry.id && typeof entry.id === 'string' ? entry.id.slice(0, 40) : newId();
    if (entry.setup === true && e.sgf) {  // stones set up before the first turn: only the SGF has them
      replaying = true;
      try { newGameRaw(options(settings)); api.loadSgf(e.sgf); } finally { replaying = false; }
      moves = [];
    } else {
      var played = startGame(settings, e.moves, label || 'Saved move');
      moves = e.moves.slice(0, played);
    }
    restoreReview(e.review);
    signature = '';
    sync();
    return true;
  }

  // A review kept with a saved game: shown at once, not searched again. One that does not fit
  // the game (or does not read) is left out with a notice; the game stays.
  function restoreReview(text) {
    if (!text || typeof api.restoreReview !== 'function') return;
    try {
      api.restoreReview(text);
    } catch (e) {
      notice('The saved review could not be restored (' + shorten(e && e.message ? e.message : e, 200) +
             '): the game is here without it.');
    }
  }

  // A reload starts from the game in the hash: its review comes back from the autosave when
  // that is the same game.
  function reviewFromAutosave() {
    var saved = cleanEntry(readJson(CURRENT_KEY));
    if (!saved || !saved.review) return;
    var s = saved.settings;
    if (s.game !== settings.game || s.size !== settings.size || s.komi !== settings.komi ||
        saved.moves.join('.') !== moves.join('.')) return;
    restoreReview(saved.review);
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

  // --- games by link (docs/embedding.md, "Games by link") --------------------------------------
  // The game travels in the link (#friend=CODE: core/formats/game_link.h); each device keeps
  // its games by link in local storage: [{id, code, name, sent, you, game, size, title, moves,
  // yourTurn, over, won, savedAt}] (code: the game as this side would send it, not yet counted
  // sent; sent: the moves the friend has seen).

  var friendGame = null;  // the state's `friend` of the game on the board, or null

  function cleanLink(e) {
    return !!e && typeof e === 'object' && typeof e.id === 'string' && /^[0-9a-f]{12}$/.test(e.id) &&
      typeof e.code === 'string' && e.code.length <= (api.limits ? api.limits.link : 16384) &&
      /^[A-Za-z0-9_-]+$/.test(e.code);
  }
  function linkEntries() {
    var list = readJson(LINKS_KEY);
    return Array.isArray(list) ? list.filter(cleanLink) : [];
  }
  // Your turn first, then the latest.
  function sortedLinks() {
    return linkEntries().sort(function (a, b) {
      if (!!a.yourTurn !== !!b.yourTurn) return a.yourTurn ? -1 : 1;
      return String(b.savedAt) < String(a.savedAt) ? -1 : String(b.savedAt) > String(a.savedAt) ? 1 : 0;
    });
  }
  function keepLinkGame(st) {
    if (embed) return;
    var code = api._linkText();
    if (!code) return;
    var f = st.friend;
    var entry = {
      id: f.id, code: code, name: String(f.name || '').slice(0, 63), sent: f.sent | 0, you: f.you | 0,
      game: st.game, size: st.size, title: facts(st.game).short_title + ' ' + st.size + '×' + st.size,
      moves: st.moves | 0, yourTurn: !st.over && (f.colours ? f.colours === 'yours' : st.to_move === f.you),
      picking: f.colours || null, over: !!st.over,
      won: st.over ? (st.winner_player === f.you ? 'you' : st.winner_player ? 'friend' : 'draw') : null,
      savedAt: new Date().toISOString()
    };
    var list = linkEntries().filter(function (e) { return e.id !== entry.id; });
    list.unshift(entry);
    writeJson(LINKS_KEY, list.slice(0, LINKS_MAX));
  }
  function resumeLink(kept) {
    var error = api._resumeLink(kept.code, kept.name, kept.sent);
    if (error) throw new Error(error);
    gameId = 'link-' + kept.id;
    signature = '';
    sync();
    return true;
  }
  function linkLabel(e) {
    var dot = ' ' + String.fromCharCode(183) + ' ';
    var state = e.over ? (e.won === 'you' ? 'You won' : e.won === 'friend' ? 'You lost' : e.won === 'draw' ? 'A draw' : 'Finished')
      : e.picking === 'yours' ? 'Your turn: pick a colour'
      : e.picking === 'theirs' ? (e.name || 'Your friend') + ' picks a colour'
      : e.yourTurn ? 'Your turn' : (e.name ? e.name + "'s" : "Your friend's") + ' turn';
    return state + dot + e.title + (e.name ? ' with ' + e.name : '') + dot + e.moves + (e.moves === 1 ? ' move' : ' moves');
  }
  // The part of a link after #friend= (a whole address or the code alone).
  function linkCode(text) {
    var m = /[#&?]friend=([^&#\s]*)/.exec(String(text));
    return (m ? m[1] : String(text)).trim();
  }
  function yourName() {
    try { return String(localStorage.getItem('stonegrid.name') || '').slice(0, 40); } catch (e) { return ''; }
  }
  // Opens a friend's link: the game it belongs to comes back first if this device keeps it,
  // then the engine takes what is new (or says why it takes nothing). The sentence shows over
  // the board; it is also returned.
  function openLink(text) {
    var code = linkCode(text);
    var info = api.linkInfo(code);
    if (!info.error) {
      var here = friendGame ? friendGame.id : null;
      var kept = linkEntries().filter(function (e) { return e.id === info.id; })[0];
      if (kept && here !== info.id) {
        try { resumeLink(kept); } catch (e) { /* the link alone, as a new game */ }
      }
    }
    var result = api._openLinkText(code);
    signature = '';
    sync();
    // The app says it over the board; the home screen has no board, so a refusal is a notice.
    if (!result.changed && api.screen() === 'home') notice(result.message);
    return result;
  }

  // --- live play: a WebRTC data channel between two browsers, no server of ours ---------------
  // One side makes an offer (live.offer()), the other answers it (live.answer(offer)), the first
  // accepts the answer (live.accept(answer)); the texts travel however the two like (copied,
  // a QR code, read out). The offer carries the game by link, so both boards hold the same game.
  // Then each turn played here is sent as the game's link text, and the other engine opens it as
  // it opens any link: every move is checked there, and nothing is lost when the connection
  // drops (the game is kept on both devices and goes on by link). On one machine or one network
  // no STUN server is needed; stun=HOST:PORT names one for play across networks (docs/embedding.md).

  var live = { pc: null, channel: null, connected: false, stun: null, receiving: false };

  function packText(kind, fields) {
    var bytes = new TextEncoder().encode(JSON.stringify(fields));
    var text = '';
    bytes.forEach(function (b) { text += String.fromCharCode(b); });
    return kind + '.' + btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }
  function unpackText(kind, text) {
    var t = String(text || '').trim();
    var m = /[#&?]live=([^&#\s]*)/.exec(t);  // an offer pasted as a whole address
    if (m) t = decodeURIComponent(m[1]);
    if (t.indexOf(kind + '.') !== 0) return null;
    try {
      var raw = atob(t.slice(kind.length + 1).replace(/-/g, '+').replace(/_/g, '/'));
      var bytes = new Uint8Array(raw.length);
      for (var i = 0; i < raw.length; ++i) bytes[i] = raw.charCodeAt(i);
      var fields = JSON.parse(new TextDecoder().decode(bytes));
      return fields && typeof fields.sdp === 'string' && fields.sdp.length < 20000 ? fields : null;
    } catch (e) {
      return null;
    }
  }
  function emitPeer(connected) {
    if (typeof api._peer === 'function') api._peer({ connected: connected, name: friendGame ? friendGame.name : '' });
  }
  function newPeer() {
    closeLive(false);
    var pc = new RTCPeerConnection({ iceServers: live.stun ? [{ urls: 'stun:' + live.stun }] : [] });
    live.pc = pc;
    pc.addEventListener('connectionstatechange', function () {
      if (live.pc === pc && /^(failed|closed|disconnected)$/.test(pc.connectionState)) dropped(pc);
    });
    return pc;
  }
  // Resolves once the connection has all its addresses (they go in the offer or answer text).
  function gathered(pc) {
    return new Promise(function (resolve) {
      if (pc.iceGatheringState === 'complete') return resolve();
      pc.addEventListener('icegatheringstatechange', function () { if (pc.iceGatheringState === 'complete') resolve(); });
    });
  }
  function useChannel(pc, channel) {
    live.channel = channel;
    channel.onopen = function () {
      if (live.pc !== pc) return;
      live.connected = true;
      api.setView({ live: true });
      emitPeer(true);
      notice('Live: connected' + (friendGame && friendGame.name ? ' with ' + friendGame.name : '') + '. Your moves go across as you play them.', true);
      if (liveBox) { liveBox.remove(); liveBox = null; }  // the board is what matters now
    };
    channel.onmessage = function (e) { received(e.data); };
    channel.onclose = function () { dropped(pc); };
  }
  function received(data) {
    var m = null;
    try { m = JSON.parse(String(data).slice(0, 40000)); } catch (e) { return; }
    if (!m || m.type !== 'link' || typeof m.code !== 'string') return;
    var result;
    live.receiving = true;
    try { result = openLink(m.code); } finally { live.receiving = false; }
    if (!result.changed && !/^Nothing new/.test(result.message)) notice('From your friend: ' + result.message);
  }
  // The game as it stands, to the friend (after each turn played here).
  function sendLive() {
    if (!live.connected || !live.channel || live.channel.readyState !== 'open' || !friendGame) return;
    var code = api._friendLinkText(yourName());
    if (code) live.channel.send(JSON.stringify({ type: 'link', code: code }));
  }
  function dropped(pc) {
    if (live.pc !== pc) return;
    var was = live.connected;
    live.pc = null;
    live.channel = null;
    live.connected = false;
    try { pc.close(); } catch (e) { /* closed */ }
    api.setView({ live: false });
    if (was) {
      emitPeer(false);
      notice('The live connection closed. The game is kept: go on by link (Send link).', true);
    }
  }
  function closeLive(say) {
    if (live.pc) {
      var pc = live.pc;
      if (!say) live.connected = false;
      dropped(pc);
    }
  }
  api.live = {
    // Promise of the offer text: the game by link on the board and how to reach this browser.
    offer: function () {
      if (!friendGame) return Promise.reject(new Error('start a game with a friend on another device first'));
      if (typeof RTCPeerConnection !== 'function') return Promise.reject(new Error('this browser has no WebRTC'));
      var pc = newPeer();
      useChannel(pc, pc.createDataChannel('stonegrid', { ordered: true }));
      var code = api._friendLinkText(yourName());
      return pc.createOffer().then(function (d) { return pc.setLocalDescription(d); })
        .then(function () { return gathered(pc); })
        .then(function () { return packText('offer', { sdp: pc.localDescription.sdp, game: code }); });
    },
    // Promise of the answer text for a friend's offer; the offer's game is opened here.
    answer: function (offerText) {
      var offer = unpackText('offer', offerText);
      if (!offer) return Promise.reject(new Error('this is not a Stonegrid live offer'));
      if (typeof RTCPeerConnection !== 'function') return Promise.reject(new Error('this browser has no WebRTC'));
      if (typeof offer.game === 'string') {
        var opened = openLink(offer.game);
        if (!opened.changed && !/^Nothing new/.test(opened.message)) return Promise.reject(new Error(opened.message));
      }
      var pc = newPeer();
      pc.addEventListener('datachannel', function (e) { useChannel(pc, e.channel); });
      return pc.setRemoteDescription({ type: 'offer', sdp: offer.sdp })
        .then(function () { return pc.createAnswer(); })
        .then(function (d) { return pc.setLocalDescription(d); })
        .then(function () { return gathered(pc); })
        .then(function () { return packText('answer', { sdp: pc.localDescription.sdp }); });
    },
    // Takes the friend's answer; resolves with "connected" once the channel is open.
    accept: function (answerText) {
      var answer = unpackText('answer', answerText);
      if (!answer) return Promise.reject(new Error('this is not a Stonegrid live answer'));
      var pc = live.pc;
      if (!pc || pc.signalingState !== 'have-local-offer') return Promise.reject(new Error('make an offer first'));
      return pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp }).then(function () {
        return new Promise(function (resolve, reject) {
          if (live.connected) return resolve('connected');
          var stop = api.on('peer', function (e) { stop(); if (e.connected) resolve('connected'); else reject(new Error('the connection closed')); });
        });
      });
    },
    connected: function () { return live.connected; },
    close: function () { closeLive(true); }
  };

  // The live dialog (a small panel over the canvas, in the notices' colours): make an offer and
  // take the answer, or answer an offer (`offerText`, from a #live= link or pasted). Texts are
  // shown in read-only boxes with Copy, as a link, and as a QR code where the engine has one.
  var liveBox = null;
  function liveDialog(offerText) {
    if (liveBox) liveBox.remove();
    var box = liveBox = style(document.createElement('div'),
      'position:fixed;left:50%;top:8px;transform:translateX(-50%);z-index:30;width:min(calc(100vw - 16px),440px);' +
      'max-height:calc(100vh - 16px);overflow:auto;background:#2b2f36;color:#eef0f3;border:1px solid #59606b;' +
      'border-radius:8px;padding:10px 12px;box-shadow:0 4px 16px rgba(0,0,0,.5);font:14px/1.4 system-ui,sans-serif');
    box.id = 'sg-live';
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-label', 'Play live');
    function el(tag, text, css) {
      var e = style(document.createElement(tag), css || '');
      if (text) e.textContent = text;
      box.appendChild(e);
      return e;
    }
    function button(label, fn) {
      var b = el('button', label, 'margin:4px 6px 4px 0;padding:6px 12px;min-height:36px;border-radius:6px;' +
        'border:1px solid #7a8291;background:#3a404a;color:inherit;font:inherit;cursor:pointer');
      b.type = 'button';
      b.addEventListener('click', fn);
      return b;
    }
    function area(readOnly, value) {
      var a = el('textarea', '', 'display:block;width:100%;box-sizing:border-box;height:64px;font:12px monospace;' +
        'background:#1e2227;color:inherit;border:1px solid #59606b;border-radius:4px');
      a.readOnly = readOnly;
      if (value) a.value = value;
      return a;
    }
    var status = null;
    function say(text) { status.textContent = text; }
    function fail(e) { say('Could not connect: ' + (e && e.message ? e.message : e) + '.'); }
    var title = el('div', 'Play live', 'font-weight:600;font-size:16px;margin-bottom:4px');
    var close = button('Close', function () { box.remove(); liveBox = null; });
    close.style.float = 'right';
    box.insertBefore(close, title);
    el('div', 'Connect two browsers directly: each move goes across as you play it. Nothing passes through ' +
      'a server of ours. ' + (live.stun ? 'The STUN server ' + live.stun + ' helps across networks.' :
      'This works when both devices are on the same network (the same Wi-Fi); across the internet your ' +
      'host may need to offer a STUN server (see Help).'),
      'color:#b8bec8;font-size:13px');
    status = el('div', '', 'margin:6px 0;min-height:1.4em');
    status.id = 'sg-live-status';
    status.setAttribute('aria-live', 'polite');
    // Each step replaces what the step before showed (under the status line).
    var step = el('div', '');
    function clearStep() { while (step.firstChild) step.firstChild.remove(); }
    function into(e) { step.appendChild(e); return e; }
    function showText(label, text, link) {
      into(el('div', label, 'margin-top:6px'));
      var shown = into(area(true, text));
      shown.id = 'sg-live-text';
      into(button('Copy', function () { copyText(text, 'Text'); }));
      if (link) into(button('Copy as a link', function () { copyText(link, 'Link'); }));
      drawQr(step, link || text);
    }
    function answering(text) {
      clearStep();
      say('Answering your friend\'s offer…');
      api.live.answer(text).then(function (answer) {
        say('Send this answer back to your friend; the game connects when they paste it.');
        showText('Your answer:', answer);
      }, fail);
    }
    if (offerText !== undefined) {
      answering(offerText);
    } else {
      say(friendGame ? 'Make an offer and send it to your friend, or paste theirs.' : 'Paste your friend\'s offer.');
      if (friendGame) {
        into(button('Make an offer', function () {
          clearStep();
          say('Making an offer…');
          api.live.offer().then(function (offer) {
            say('Send the offer to your friend, then paste their answer below.');
            showText('Your offer:', offer, location.origin + location.pathname + '#live=' + offer);
            into(el('div', 'Your friend\'s answer:', 'margin-top:6px'));
            var answer = into(area(false));
            answer.id = 'sg-live-answer';
            into(button('Connect', function () {
              say('Connecting…');
              api.live.accept(answer.value).then(function () { say('Connected.'); }, fail);
            }));
          }, fail);
        }));
      }
      into(el('div', 'Or paste your friend\'s offer:', 'margin-top:6px'));
      var offer = into(area(false));
      into(button('Answer', function () { answering(offer.value); }));
    }
    document.body.appendChild(box);
    api.on('peer', function (e) { if (liveBox === box) say(e.connected ? 'Connected: play on the board.' : 'The connection closed.'); });
    return box;
  }

  // A QR code of `text` drawn on a canvas under the dialog's content (the engine encodes it:
  // stonegrid.qr); nothing when the engine has no encoder or the text is too long.
  function drawQr(box, text) {
    var code = typeof api.qr === 'function' ? api.qr(text) : null;
    if (!code) return;
    var scale = Math.max(2, Math.floor(220 / (code.size + 8)));
    // Drawn on a canvas kept off the page and shown as an image: a second canvas on the page
    // over the app's WebGL one left holes in the app's picture in Chromium's compositor.
    var canvas = document.createElement('canvas');
    canvas.width = canvas.height = (code.size + 8) * scale;
    var g = canvas.getContext('2d');
    g.fillStyle = '#fff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.fillStyle = '#000';
    for (var y = 0; y < code.size; ++y)
      for (var x = 0; x < code.size; ++x)
        if (code.modules.charAt(y * code.size + x) === '1') g.fillRect((x + 4) * scale, (y + 4) * scale, scale, scale);
    var image = style(document.createElement('img'), 'display:block;margin:6px auto;image-rendering:pixelated;' +
      'width:' + canvas.width + 'px;height:' + canvas.height + 'px');
    image.alt = 'QR code of the text above';
    image.className = 'sg-qr-code';
    image.src = canvas.toDataURL('image/png');
    box.appendChild(image);
  }
  api.openLiveDialog = function () { return liveDialog(); };
  // The game by link's address, and its QR code, in the dialog's panel.
  api.showLinkQr = function () {
    var address = api.friendLink();
    if (!address) return null;
    if (liveBox) liveBox.remove();
    var box = liveBox = style(document.createElement('div'),
      'position:fixed;left:50%;top:8px;transform:translateX(-50%);z-index:30;background:#2b2f36;color:#eef0f3;' +
      'border:1px solid #59606b;border-radius:8px;padding:10px 12px;font:14px/1.4 system-ui,sans-serif;text-align:center');
    box.id = 'sg-qr';
    var title = document.createElement('div');
    title.textContent = 'Scan to open the game on the other phone';
    box.appendChild(title);
    drawQr(box, address);
    var close = style(document.createElement('button'), 'margin-top:6px;padding:6px 12px;min-height:36px');
    close.type = 'button';
    close.textContent = 'Close';
    close.addEventListener('click', function () { box.remove(); liveBox = null; });
    box.appendChild(close);
    document.body.appendChild(box);
    return address;
  };

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
      notice(ok ? what + ' copied.' : 'Could not copy the ' + what.toLowerCase() + ': your browser refused.', ok);
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

  // A reload during Learn from your mistakes, a lesson or a puzzle opens the same task again: the
  // tab's session storage keeps which one from leaving the page until the next start.
  var OPEN_KEY = 'stonegrid.open';
  function rememberOpen() {
    try {
      var open = api.screen() === 'mistakes' && api.mistakes().open;
      var task = !open && api.task();
      if (open) sessionStorage.setItem(OPEN_KEY, JSON.stringify({ mistake: String(open.id) }));
      else if (task && (task.mode === 'lesson' || task.mode === 'puzzle')) {
        sessionStorage.setItem(OPEN_KEY, JSON.stringify({ task: task.mode, game: task.game, index: task.index }));
      } else sessionStorage.removeItem(OPEN_KEY);
    } catch (e) { /* storage denied: a reload shows the game */ }
  }
  function reopenTask() {
    var kept = null;
    try {
      kept = JSON.parse(sessionStorage.getItem(OPEN_KEY) || 'null');
      sessionStorage.removeItem(OPEN_KEY);
    } catch (e) { return; }
    if (kept && (kept.task === 'lesson' || kept.task === 'puzzle') && typeof kept.game === 'string' &&
        typeof kept.index === 'number') {
      api.openTask({ mode: kept.task, game: kept.game, index: kept.index }).catch(function () {});
      return;
    }
    if (!kept || typeof kept.mistake !== 'string' || !api.openMistakes(-1)) return;
    var ids = (api.mistakes().list || []).map(function (t) { return t.id; });
    var index = ids.indexOf(kept.mistake);
    if (index >= 0) api.openMistakes(index);  // gone from the list: the first not solved stays open
  }

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
      if (!embed) reviewFromAutosave();
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
    titleHeld = !!(v.problem || v.sgfUrl);
    sync();
    if (!embed && !v.problem && !v.sl && !v.sgfUrl) reopenTask();
    if (v.problem) openProblem(v.problem, v.sgfUrl);
    else if (v.sgfUrl) loadSgfUrl(v.sgfUrl);
    if (p.stun !== undefined) {
      var stun = String(p.stun).trim();
      if (/^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/.test(stun)) live.stun = stun;
      else notice('stun ' + quote(p.stun) + ' is not a host name with an optional port: live play uses no STUN server.');
    }
    // A friend's link: after the saved game came back (it may be this link's game).
    if (p.friend !== undefined && !embed) openLink(p.friend);
    // A live offer as a link: answer it, and show the answer to send back.
    if (p.live !== undefined && !embed) liveDialog(p.live);
    // A link opened in this tab while it runs (pasted into the address bar, or a messenger
    // reusing the tab) changes only the hash: open it the same way.
    window.addEventListener('hashchange', function () {
      var q = parseParams(location.hash);
      if (q.friend !== undefined && !embed) openLink(q.friend);
      if (q.live !== undefined && !embed) liveDialog(q.live);
    });

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
      // A turn played here goes to the live friend (theirs came in as a link: not sent back).
      if (live.connected && !live.receiving) sendLive();
    });
    window.addEventListener('pagehide', function () { flushSave(); rememberOpen(); });
    document.addEventListener('visibilitychange', function () {
      if (document.visibilityState === 'hidden') { flushSave(); rememberOpen(); }
    });
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
      api.openProblem(o).catch(function (e) {
        notice('The problem could not be opened: ' + shorten(e && e.message ? e.message : e, 240) + '.');
      }).then(releaseTitle);
    };
    if (problem.puzzle) return open({ puzzle: problem.puzzle });
    if (!url) {
      releaseTitle();
      return notice('mode=problem needs a puzzle= name or the sgf= address of a problem.');
    }
    fetchSgf(url).then(function (text) { open({ sgf: text }); }, function (e) {
      releaseTitle();
      notice('The problem ' + quote(url) + ' could not be loaded: ' + shorten(e && e.message ? e.message : e, 200) + '.');
    });
  }

  // Promise of the text of the SGF file at `url`, refused past the app's SGF cap.
  function fetchSgf(url) {
    var cap = api.limits ? api.limits.sgf : 1048576;
    return fetch(url).then(function (response) {
      if (!response.ok) throw new Error('the server answered ' + response.status);
      var length = Number(response.headers.get('content-length') || 0);
      if (length > cap) throw new Error('it is ' + length + ' bytes long; at most ' + cap + ' are read');
      return response.text();
    });
  }

  // sgf=: the record (with its marks, labels and comments) fetched and loaded; a failure leaves
  // the board as the other parameters made it, with a notice.
  function loadSgfUrl(url) {
    fetchSgf(url).then(function (text) {
      // A text that is not a record is said once, by the app over the board (loadSgf throws too).
      try { api.loadSgf(text); } catch (e) { /* said */ }
      releaseTitle();
    }, function (e) {
      releaseTitle();
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
  // Games by link. friendLink(): the address that opens the game as it stands on the friend's
  // device (from then on the friend has every move: an undo stops there); "" when the game on
  // the board is not by link. openLink(address or code) -> {changed, message}. sendLink():
  // the system's share sheet where there is one (phones), else the clipboard; resolves with the
  // address. linkGames(): the games kept here, your turn first.
  api.friendLink = function () {
    var code = api._friendLinkText(yourName());
    if (!code) return '';
    signature = '';
    sync();  // the moves sent are kept
    return location.origin + location.pathname + '#friend=' + code;
  };
  api.openLink = function (text) { return openLink(text); };
  api.sendLink = function () {
    var address = api.friendLink();
    if (!address) {
      notice('This game is not played by link: start one with New game, "A friend on another device".');
      return Promise.resolve('');
    }
    var phone = window.matchMedia && window.matchMedia('(pointer: coarse)').matches;
    if (phone && navigator.share) {
      return navigator.share({ title: 'Stonegrid', text: 'Your move in our game on Stonegrid', url: address })
        .then(function () { return address; }, function (e) {
          return e && e.name === 'AbortError' ? address : copyText(address, 'Link');
        });
    }
    return Promise.resolve(copyText(address, 'Link')).then(function () { return address; });
  };
  api.linkGames = function () {
    return sortedLinks().map(function (e) {
      return { id: e.id, name: e.name, game: e.game, size: e.size, moves: e.moves, yourTurn: !!e.yourTurn,
               over: !!e.over, label: linkLabel(e), savedAt: e.savedAt };
    });
  };
  api.linkGameLabels = function () { return sortedLinks().map(linkLabel); };
  api.openLinkGame = function (which) {
    var list = sortedLinks();
    var e = typeof which === 'string' ? list.filter(function (k) { return k.id === which; })[0] : list[which | 0];
    if (!e) return false;
    try {
      return resumeLink(e);
    } catch (err) {
      notice('That game could not be opened: ' + shorten(err && err.message ? err.message : err, 200) + '.');
      return false;
    }
  };
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
