// The page around the wasm lab: checks WebGL2, fetches the font and the examples,
// picks the first scenario (#s= link, ?scenario=URL, the copy saved in this
// browser, else examples/one-constraint.json), starts the module, and exposes
// window.spreadlab (docs/js-api.md). Also: file picker, drag-and-drop, paste,
// downloads, share links, ?embed=1 (with controls= and caption=, and the content height
// posted to the embedding page).
(function () {
  'use strict';
  const t0 = performance.now();
  // The module compiles while the page fetches the font and the first scenario
  // (spreadlab.js itself is preloaded by index.html).
  const wasmModule = (WebAssembly.compileStreaming
    ? WebAssembly.compileStreaming(fetch('spreadlab.wasm'))
    : fetch('spreadlab.wasm').then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b)));
  wasmModule.catch(() => {});  // reported by instantiateWasm below
  const params = new URLSearchParams(location.search);
  const embed = params.get('embed') === '1';
  // ?theme=light|dark|auto (default auto: the system's prefers-color-scheme, followed live).
  const THEME = ['light', 'dark'].includes(params.get('theme')) ? params.get('theme') : 'auto';
  const darkMedia = window.matchMedia ? matchMedia('(prefers-color-scheme: dark)') : { matches: false };
  const dark = () => THEME === 'dark' || (THEME === 'auto' && darkMedia.matches);
  const applyTheme = () => document.documentElement.classList.toggle('dark', dark());
  applyTheme();
  if (darkMedia.addEventListener) darkMedia.addEventListener('change', applyTheme);
  // ?embed=1&controls=...: the editors shown above an embed's picture (the others are ignored).
  const KNOWN_CONTROLS = ['maxSkew', 'topologyKey', 'whenUnsatisfiable', 'minDomains', 'replicas'];
  const EMBED_CONTROLS = (params.get('controls') || '').split(',').map((c) => c.trim()).filter((c) => {
    if (c && !KNOWN_CONTROLS.includes(c)) console.warn(`spreadlab: unknown control "${c}" (known: ${KNOWN_CONTROLS.join(', ')})`);
    return KNOWN_CONTROLS.includes(c);
  });
  const STORE = 'spreadlab.scenario.v1';
  // The undo history and the timeline, per tab (a reload keeps them; another tab has its own).
  const HISTORY_STORE = 'spreadlab.history.v1';
  const DEFAULT_EXAMPLE = 'one-constraint.json';
  const overlay = document.getElementById('overlay');
  const overlayText = document.getElementById('overlay-text');

  function noWebGL() {
    // The decision still arrives as text (the module runs the cycle without drawing): the
    // lab's answer, with a note under it on why there is no picture, not an error box.
    const text = document.getElementById('decision-text');
    text.classList.remove('sr-only');
    overlayText.before(text);
    overlay.classList.remove('hidden');
    overlay.classList.add('text-only');
    overlayText.textContent = 'No picture: spreadlab draws with WebGL2, which this browser does not offer (or has ' +
      'turned off). Use a current Chrome, Edge, Firefox or Safari, and check that hardware acceleration is on.';
    window.spreadlab.failed = overlayText.textContent;
  }

  function fail(message) {
    overlay.classList.remove('hidden');
    overlay.classList.add('error');
    overlayText.textContent = message;
    window.spreadlab.failed = message;
  }

  // ---- window.spreadlab: the JS API (thin wrappers over src/bindings/js_api.cpp) ----
  // Strings go through malloc, not ccall's stack copies: scenarios can be megabytes.
  // TextEncoder writes the UTF-8 straight into the heap: Emscripten's lengthBytesUTF8 +
  // stringToUTF8 walk the string in JS, 0.5 s of a 46 MB scenario's load against 0.1 s.
  const encoder = new TextEncoder();
  const toHeap = (s) => {
    let size = s.length + 1;  // enough for ASCII; a longer encoding is finished below
    let p = Module._malloc(size);
    let { read, written } = encoder.encodeInto(s, Module.HEAPU8.subarray(p, p + size - 1));
    if (read < s.length) {  // characters of 2-4 bytes: room for the rest at 3 bytes a UTF-16 unit
      size = written + 3 * (s.length - read) + 1;
      const q = Module._malloc(size);
      Module.HEAPU8.copyWithin(q, p, p + written);
      Module._free(p);
      p = q;
      written += encoder.encodeInto(s.slice(read), Module.HEAPU8.subarray(p + written, p + size - 1)).written;
    }
    Module.HEAPU8[p + written] = 0;
    return p;
  };
  const call = (name, ...args) => {
    const owned = [];
    const raw = args.map((a) => {
      if (typeof a === 'number') return a;
      const p = toHeap(a);
      owned.push(p);
      return p;
    });
    try {
      return Module.ccall(name, 'string', raw.map(() => 'number'), raw);
    } finally {
      owned.forEach((p) => Module._free(p));
    }
  };
  const callJson = (name, ...args) => JSON.parse(call(name, ...args));
  window.spreadlab = {
    ready: false,          // true once the first frame is on screen
    firstFrameMs: null,    // ms from the page script starting to the first frame
    failed: null,          // why the lab could not start, if it could not
    contentHeight: null,   // an embed's content height in CSS pixels, as last posted to its page
    load: (jsonText, source) => callJson('spreadlab_load', String(jsonText), source || 'loaded scenario'),
    apply: (text, source) => callJson('spreadlab_apply', String(text), source || 'applied manifests'),
    trace: () => callJson('spreadlab_trace'),
    setConstraintField: (index, field, value) =>
      callJson('spreadlab_set_constraint_field', index, field, JSON.stringify(value === undefined ? null : value)),
    scheduleNext: () => callJson('spreadlab_schedule_next'),
    scheduleAll: () => callJson('spreadlab_schedule_all'),
    scale: (workload, replicas) => callJson('spreadlab_scale', String(workload), Number(replicas)),
    simulate: (step) => callJson('spreadlab_simulate', String(step)),
    events: () => callJson('spreadlab_events'),
    timeline: () => callJson('spreadlab_timeline'),
    scrubTo: (step) => callJson('spreadlab_scrub_to', Number(step)),
    setKubeVersion: (version) => callJson('spreadlab_set_kube_version', String(version)),
    workloads: () => callJson('spreadlab_workloads'),
    storage: () => callJson('spreadlab_storage'),
    why: () => callJson('spreadlab_why'),
    applySuggestion: (index) => callJson('spreadlab_apply_suggestion', index),
    step: () => callJson('spreadlab_step'),
    play: () => callJson('spreadlab_play'),
    scenario: () => call('spreadlab_scenario'),
    undo: () => callJson('spreadlab_undo'),
    redo: () => callJson('spreadlab_redo'),
    status: () => callJson('spreadlab_status'),
    // The lab draws relative to its canvas, which an embed's caption pushes down: moved to the page's pixels.
    widgetRects: () => {
      const rects = callJson('spreadlab_widget_rects');
      const at = document.getElementById('canvas').getBoundingClientRect();
      for (const r of Object.values(rects)) { r.x += at.x; r.y += at.y; }
      return rects;
    },
    frameStats: () => callJson('spreadlab_platform_stats'),
    shareUrl: async () => location.origin + location.pathname + '#s=' + (await compress(call('spreadlab_scenario'))),
    clearSaved: () => localStorage.removeItem(STORE),
    // Teaching: what the picture shows now, compare, the guided lessons (js_teach.cpp).
    picture: () => callJson('spreadlab_picture'),
    compare: (otherText) => callJson('spreadlab_compare', String(otherText)),
    // A Promise (from the first frame on), resolved once every lesson is registered: asking
    // for it fetches them all.
    get lessonsReady() {
      return catalog && catalog.then((entries) => Promise.all(entries.map((e) => fetchLesson(e.id)))).then(() => undefined);
    },
    lessons: () => callJson('spreadlab_lessons'),
    startLesson: (id, step) => callJson('spreadlab_start_lesson', String(id), Number(step || 0)),
    lesson: () => callJson('spreadlab_lesson'),
    lessonPredict: (answer) => callJson('spreadlab_lesson_predict', String(answer)),
    lessonNext: () => callJson('spreadlab_lesson_next'),
    lessonBack: () => callJson('spreadlab_lesson_back'),
    lessonSolve: () => callJson('spreadlab_lesson_solve'),
    stopLesson: () => callJson('spreadlab_stop_lesson'),
  };
  const LESSONS_STORE = 'spreadlab.lessons.v1';

  // ---- share links: deflate-raw + base64url in the fragment ----
  async function compress(text) {
    const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    let bin = '';
    for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }
  async function decompress(b64) {
    const bin = atob(b64.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
    return new Response(stream).text();
  }


  // ---- big scenarios: a progress bar while the bytes arrive, then while the lab reads them ----
  const progress = document.getElementById('load-progress');
  const BIG = 1 << 20;  // below 1 MB, reading is too quick for a bar to help
  const mb = (n) => (n / 1e6).toFixed(n < 1e7 ? 1 : 0) + ' MB';
  function showProgress(label, fraction) {
    if (!window.spreadlab.ready) {  // before the first frame, the start-up overlay says it
      overlayText.textContent = label;
      return;
    }
    progress.hidden = false;
    progress.querySelector('span').textContent = label;
    const bar = progress.querySelector('progress');
    if (fraction === null) bar.removeAttribute('value');  // indeterminate
    else bar.value = fraction;
  }
  // A stream's text, with "Downloading name: 12 of 46 MB" as it comes (total may be unknown).
  async function streamText(stream, total, name) {
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    const parts = [];
    let loaded = 0, shown = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(decoder.decode(value, { stream: true }));
      loaded += value.length;
      if ((total || loaded) >= BIG && loaded - shown >= BIG / 4) {
        shown = loaded;
        showProgress(`Downloading ${name}: ${mb(loaded)}` + (total ? ` of ${mb(total)}` : ''), total ? Math.min(1, loaded / total) : null);
      }
    }
    parts.push(decoder.decode());
    return parts.join('');
  }
  // A file of the site or a ?scenario= URL as text, with progress when it is big.
  async function fetchText(url) {
    const r = await fetch(url);
    if (!r.ok) throw new Error(url + ': HTTP ' + r.status);
    // Content-Length counts the bytes on the wire, which are fewer than the text's when compressed.
    const total = r.headers.get('content-encoding') ? 0 : Number(r.headers.get('content-length')) || 0;
    return r.body ? streamText(r.body, total, url) : r.text();
  }
  // load() for text of any size: a big one first shows "Reading ..." and lets the browser paint
  // it, since reading blocks the page until the scenario is on screen.
  async function loadShowingProgress(text, source) {
    if (text.length >= BIG) {
      showProgress(`Reading ${source} (${mb(text.length)})…`, null);
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    }
    const started = performance.now();
    const r = window.spreadlab.load(text, source);
    window.spreadlab.lastLoad = { source, bytes: text.length, ms: performance.now() - started, ok: r.ok };
    progress.hidden = true;
    return r;
  }

  // The font, the example index and the first scenario; the gallery's titles come after the
  // first frame (addExamples), each example's text when it is opened.
  async function prepare() {
    // The default example is fetched alongside the index: most visits open it.
    const defaultText = fetchText('examples/' + DEFAULT_EXAMPLE).catch(() => null);
    const [font, index] = await Promise.all([
      fetch('assets/DejaVuSans.ttf').then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null),
      fetch('examples/index.json').then((r) => r.json()).catch(() => []),
    ]);
    const firsts = [];  // candidates in order; the first that loads wins
    if (location.hash.startsWith('#s=')) {
      try { firsts.push([await decompress(location.hash.slice(3)), 'shared link']); } catch (e) { console.warn('bad share link', e); }
    }
    if (params.get('scenario')) {
      const url = params.get('scenario');
      try {
        const text = await fetchText(url);
        if (text.length >= BIG) showProgress(`Reading ${url} (${mb(text.length)})…`, null);
        firsts.push([text, url]);
      } catch (e) { firsts.push(['', url + ' (' + e.message + ')']); }
    }
    if (!firsts.length && !embed) {  // an embed shows its page's scenario, never another tab's edits
      try {
        const saved = JSON.parse(localStorage.getItem(STORE) || 'null');
        if (saved && saved.text) firsts.push([saved.text, saved.source || 'saved in this browser', 'saved']);
      } catch (e) { console.warn('ignoring the saved scenario', e); }
    }
    const fallback = index.includes(DEFAULT_EXAMPLE) ? DEFAULT_EXAMPLE : index[0];
    if (fallback) {
      try {
        const text = fallback === DEFAULT_EXAMPLE && (await defaultText);
        firsts.push([text || (await fetchText('examples/' + fallback)), 'examples/' + fallback]);
      } catch (e) { console.warn(e); }
    }
    return { font, index, firsts, fetched: { [DEFAULT_EXAMPLE]: await defaultText } };
  }

  // The gallery: every example by its teaching title and description (examples/gallery.json,
  // written by the build from their annotations), in file order. An example's text is
  // fetched when it is opened (spreadlabOpenExample), except the one already at hand.
  async function addExamples(fetched) {
    const gallery = await fetch('examples/gallery.json').then((r) => r.json()).catch(() => []);
    for (const e of gallery) call('spreadlab_add_example', e.file, fetched[e.file] || '', e.title, e.description);
  }

  // The guided lessons (examples/lessons/, docs/lessons.md): listed after the first frame
  // from the catalog the build writes (examples/lessons/catalog.json); a lesson's text and
  // the scenarios its steps open are fetched when it is opened, from the menu, from
  // ?lesson=ID, or all of them when an API user asks for spreadlab.lessonsReady.
  let catalog = null;  // a Promise of [{id, title, summary, steps, files}], from the first frame on
  const lessonFetches = new Map();  // id -> Promise, resolved once the lesson is registered
  const lessonFiles = new Map();    // path -> Promise, resolved once the file is registered

  function listLessons() {
    catalog = fetch('examples/lessons/catalog.json').then((r) => r.json()).then((entries) => {
      for (const e of entries) call('spreadlab_list_lesson', e.id, e.title, e.summary, e.steps);
      call('spreadlab_restore_lesson_progress', localStorage.getItem(LESSONS_STORE) || '{}');
      return entries;
    }).catch((e) => { console.warn('spreadlab: the lessons\' catalog', e); return []; });
    const id = params.get('lesson');
    if (id) openLesson(id);
  }

  function fetchLessonFile(path) {
    if (!lessonFiles.has(path)) {
      lessonFiles.set(path, fetchText('examples/' + path).then((text) => call('spreadlab_add_file', path, text))
        .catch((e) => { lessonFiles.delete(path); throw new Error(path + ': ' + e.message); }));
    }
    return lessonFiles.get(path);
  }

  // Registers lesson `id` once its text and files are at hand (after a failure, startLesson
  // says its text is not loaded, and the next open tries again).
  function fetchLesson(id) {
    if (!lessonFetches.has(id)) {
      lessonFetches.set(id, catalog.then(async (entries) => {
        const entry = entries.find((e) => e.id === id);
        if (!entry) return;  // startLesson names the lessons there are
        const [text] = await Promise.all([fetchText('examples/lessons/' + id + '.json'), ...entry.files.map(fetchLessonFile)]);
        const r = callJson('spreadlab_add_lesson', text);
        if (!r.ok) console.warn('spreadlab: lesson ' + id + ': ' + r.error);
      }).catch((e) => { lessonFetches.delete(id); console.warn('spreadlab: lesson ' + id, e); }));  // tried again when opened again
    }
    return lessonFetches.get(id);
  }

  function openLesson(id) {
    fetchLesson(id).then(() => window.spreadlab.startLesson(id, 0));  // an error is told in the status line
  }

  function postHeight(total) {
    window.spreadlab.contentHeight = total;
    if (window.parent !== window) window.parent.postMessage({ type: 'spreadlab:height', height: total }, '*');
  }

  function download(name, text) {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    a.download = name;
    document.body.appendChild(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }

  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).catch(() => copyFallback(text));
    } else {
      copyFallback(text);
    }
  }
  function copyFallback(text) {
    const ta = document.createElement('textarea');
    ta.value = text;
    document.body.appendChild(ta);
    ta.select();
    try { document.execCommand('copy'); } catch (e) { /* nothing else to try */ }
    ta.remove();
    document.getElementById('canvas').focus();
  }

  function loadFile(file) {
    const text = file.stream ? streamText(file.stream(), file.size, file.name) : file.text();
    text.then((t) => loadShowingProgress(t, file.name))
      .catch((e) => { progress.hidden = true; window.spreadlab.load('', file.name + ' (' + e.message + ')'); });
  }

  function boot(p) {
    if (!p.firsts.length) { fail('No scenario to show: examples/ is missing from the site.'); return; }
    window.Module = {
      canvas: document.getElementById('canvas'),
      spreadlabFont: p.font ? new Uint8Array(p.font) : null,
      spreadlabEmbed: embed,
      spreadlabDark: dark,
      instantiateWasm(imports, receive) {
        wasmModule.then((m) => WebAssembly.instantiate(m, imports).then((instance) => receive(instance, m)))
          .catch((e) => fail('Could not start the lab (spreadlab.wasm): ' + e.message));
        return {};
      },
      spreadlabBoot() {
        if (embed) call('spreadlab_set_embed_controls', EMBED_CONTROLS.join(','));
        for (const [text, source, saved] of p.firsts) {
          const r = window.spreadlab.load(text, source);
          if (r.ok) {
            if (saved) call('spreadlab_platform_restore_history', sessionStorage.getItem(HISTORY_STORE) || '');
            break;
          }
          console.warn('spreadlab: could not open ' + source + ': ' + r.error);
        }
      },
      spreadlabNoWebGL: noWebGL,
      spreadlabOpenLesson: openLesson,
      spreadlabOpenExample(file) {
        fetchText('examples/' + file).then((text) => window.spreadlab.load(text, 'examples/' + file))
          .catch((e) => window.spreadlab.load('', 'examples/' + file + ' (' + e.message + ')'));
      },
      spreadlabDecisionText(text) {
        const section = document.getElementById('decision-text');
        section.replaceChildren(...text.split('\n').filter(Boolean).map((line) => {
          const p = document.createElement('p');
          p.textContent = line;
          return p;
        }));
        // Without WebGL the text is the embed's content: its iframe fits it.
        if (overlay.classList.contains('text-only')) postHeight(document.querySelector('#overlay .box').offsetHeight + 32);
      },
      spreadlabFirstFrame() {
        overlay.classList.add('hidden');
        window.spreadlab.firstFrameMs = performance.now() - t0;
        window.spreadlab.ready = true;
        // The lab's own page takes the keyboard; an iframe never does (the reader may be typing
        // in its page), and gets it on a click instead.
        if (window.parent === window) document.getElementById('canvas').focus();
        window.dispatchEvent(new Event('spreadlab-ready'));
        addExamples(p.fetched);
        listLessons();
      },
      // postMessage protocol (docs/js-api.md): the embed's content height, for its iframe.
      spreadlabContentHeight(height) {
        const caption = document.getElementById('caption');
        postHeight(height + (caption && !caption.hidden ? caption.offsetHeight : 0));
      },
      spreadlabSaveLessons(json) {
        try { localStorage.setItem(LESSONS_STORE, json); } catch (e) { console.warn('spreadlab: lesson progress', e); }
      },
      spreadlabSaveHistory(json) {
        try {
          if (json) sessionStorage.setItem(HISTORY_STORE, json);
          else sessionStorage.removeItem(HISTORY_STORE);
        } catch (e) {
          console.warn('spreadlab: the undo history is too large to keep in this tab', e);
        }
      },
      spreadlabSave(text, source) {
        if (embed) return;  // embeds on one page must not share (or overwrite) the lab's saved work
        try {
          localStorage.setItem(STORE, JSON.stringify({ text, source, savedAt: Date.now() }));
        } catch (e) {
          console.warn('spreadlab: the scenario is too large to keep in this browser', e);
        }
      },
      spreadlabDownload: download,
      spreadlabCopy: copy,
      spreadlabPickFile() { document.getElementById('file-input').click(); },
      spreadlabShare(text) {
        compress(text).then((frag) => {
          history.replaceState(null, '', '#s=' + frag);
          copy(location.href);
        });
      },
      print: (t) => console.log(t),
      printErr: (t) => console.warn(t),
      onAbort: (what) => fail('The lab stopped with an error: ' + what + '. Reload the page; your last scenario is kept.'),
    };
    const s = document.createElement('script');
    s.src = 'spreadlab.js';
    s.onerror = () => fail('Could not load spreadlab.js: is the site complete?');
    document.body.appendChild(s);
  }

  // ---- scenarios in: file picker, drag-and-drop, paste ----
  document.getElementById('file-input').addEventListener('change', (e) => {
    if (e.target.files[0]) loadFile(e.target.files[0]);
    e.target.value = '';
  });
  const hint = document.getElementById('drop-hint');
  window.addEventListener('dragover', (e) => { e.preventDefault(); hint.classList.add('shown'); });
  window.addEventListener('dragleave', (e) => { if (!e.relatedTarget) hint.classList.remove('shown'); });
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    hint.classList.remove('shown');
    const f = e.dataTransfer && e.dataTransfer.files[0];
    if (f) loadFile(f);
    else if (e.dataTransfer) loadShowingProgress(e.dataTransfer.getData('text'), 'dropped text');
  });
  // A click or tap on the canvas gives it the keyboard, as on any focusable element: SDL's
  // mousedown handler prevents the default, focus included, and ImGui 1.86's SDL backend reads
  // no mouse position while the window lacks input focus, so in an iframe the first click did
  // nothing. (A tap arrives as a mousedown too; a swipe, which scrolls the page, does not.)
  document.getElementById('canvas').addEventListener('mousedown', (e) => e.currentTarget.focus({ preventScroll: true }));
  // Ctrl+V: into the focused text field of the lab, or else as a scenario.
  window.addEventListener('paste', (e) => {
    const text = e.clipboardData && e.clipboardData.getData('text');
    if (!text || !window.spreadlab.ready) return;
    e.preventDefault();
    call('spreadlab_platform_paste', text);
  });

  // A browser without WebGL2 is told so at once; one that has it but cannot create a
  // context (turned off, blocklisted GPU) is told so by the module when it tries
  // (spreadlabNoWebGL): a probe context here would cost a second context's start-up.
  // Either way the module still runs, for the decision as text.
  if (!window.WebGL2RenderingContext) noWebGL();
  if (embed) {
    document.title = 'spreadlab (embedded)';
    // ?caption=: one line above the picture, for the documentation page's reader.
    const caption = document.getElementById('caption');
    if (params.get('caption')) {
      caption.textContent = params.get('caption');
      caption.hidden = false;
      document.body.classList.add('captioned');
    }
  }
  prepare().then(boot).catch((e) => fail('Could not start: ' + e.message));
})();
